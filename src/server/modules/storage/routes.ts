import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { openApiRoutes, routesOf } from '../../http/openapi.ts';
import { BUCKETS, isBucketId, OWNED_BUCKET_IDS, PUBLIC_BUCKET_IDS } from './buckets.ts';
import { fileResponse } from './file-response.ts';
import { isSafeKey } from './keys.ts';
import { type FileOwners, readerOr404, readOwnedFile } from './private-files.ts';

const image = z.string().meta({ format: 'binary' });
const SERVED_BUCKET_IDS = [...PUBLIC_BUCKET_IDS, ...OWNED_BUCKET_IDS];

// Documented here and routed below by hand: a key spans several path segments (`:key{.+}`), which an
// OpenAPI path template cannot say.
const file = routesOf({ tags: ['files'] }).get('/{bucket}/{key}', {
  summary: 'A stored image (HEAD too): public, or private to the parties of its conversation or order',
  description:
    'The key is the path we gave the file and may hold slashes, sent unescaped. Images of the public ' +
    `buckets (${PUBLIC_BUCKET_IDS.join(', ')}) are served to anyone and cached publicly. Those of ` +
    `${OWNED_BUCKET_IDS.join(', ')} only to the customer and the vendor of the conversation or order ` +
    'they belong to and to admins, never to be kept by a shared cache; to anyone else, signed in or ' +
    'not, they are the same 404 as a missing file.',
  params: z.object({
    bucket: z.enum(SERVED_BUCKET_IDS as [(typeof SERVED_BUCKET_IDS)[number]]),
    key: z.string().max(512),
  }),
  headers: z.object({ 'if-none-match': z.string().optional() }),
  ok: {
    description: 'The image, cached publicly or (private buckets) only by the browser, revalidated',
    content: {
      'image/webp': { schema: image },
      'image/png': { schema: image },
      'image/jpeg': { schema: image },
    },
  },
  responses: { 304: { description: 'Not modified (If-None-Match)' } },
  errors: [400, 404, 503],
});

/**
 * Files of the public buckets, and of the private ones with an owner for whom the owner's policy lets
 * in (`owners`, from the modules owning conversations and orders). Hono answers HEAD from this GET
 * route. Anything else (unknown bucket, unsafe key, missing object, someone else's file) is the same
 * 404, so probing tells nothing.
 */
export function storageRoutes(owners: FileOwners) {
  const routes = openApiRoutes();
  routes.openAPIRegistry.registerPath(file);
  routes.get('/:bucket/:key{.+}', async (c) => {
    const { bucket, key } = c.req.param();
    if (!isBucketId(bucket)) throw AppError.notFound();
    const { config, db, storage } = c.var.services;
    const def = BUCKETS[bucket];
    if (def.public) {
      if (!isSafeKey(key)) throw AppError.notFound();
      const object = await storage.get(bucket, key);
      if (!object) throw AppError.notFound();
      return fileResponse(c, object, { cache: 'public', maxAge: config.storageCacheSeconds });
    }
    if (!('owner' in def)) throw AppError.notFound();
    const actor = await readerOr404(c);
    const object = await readOwnedFile({ db, store: storage, owners, actor, bucket: def.id, path: key });
    return fileResponse(c, object, { cache: 'private' });
  });
  return routes;
}
