import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { errors, openApiRoutes } from '../../http/openapi.ts';
import { BUCKETS, isBucketId, PUBLIC_BUCKET_IDS } from './buckets.ts';
import { isSafeKey } from './keys.ts';

/** RFC 9110: If-None-Match is "*" or a list of tags, compared weakly for GET and HEAD. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const image = z.string().meta({ format: 'binary' });

// Documented here and routed below by hand: a key spans several path segments (`:key{.+}`), which an
// OpenAPI path template cannot say.
const file = createRoute({
  method: 'get',
  path: '/{bucket}/{key}',
  tags: ['files'],
  summary: 'A stored image of a public bucket (HEAD too)',
  description: 'The key is the path we gave the file and may hold slashes, sent unescaped.',
  request: {
    params: z.object({
      bucket: z.enum(PUBLIC_BUCKET_IDS as [(typeof PUBLIC_BUCKET_IDS)[number]]),
      key: z.string().max(512),
    }),
    headers: z.object({ 'if-none-match': z.string().optional() }),
  },
  responses: {
    200: {
      description: 'The image, cached publicly',
      content: {
        'image/webp': { schema: image },
        'image/png': { schema: image },
        'image/jpeg': { schema: image },
      },
    },
    304: { description: 'Not modified (If-None-Match)' },
    ...errors(400, 404, 503),
  },
});

/**
 * Files of the public buckets, by the key we gave them. Hono answers HEAD from this GET route.
 * Anything that is not a stored file of a public bucket (unknown bucket, unsafe key, missing object)
 * is the same 404, so probing tells nothing.
 */
export const storageRoutes = openApiRoutes();
storageRoutes.openAPIRegistry.registerPath(file);
storageRoutes.get('/:bucket/:key{.+}', async (c) => {
  const { bucket, key } = c.req.param();
  if (!isBucketId(bucket) || !BUCKETS[bucket].public || !isSafeKey(key)) throw AppError.notFound();
  const object = await c.var.services.storage.get(bucket, key);
  if (!object) throw AppError.notFound();

  c.header('Cache-Control', `public, max-age=${c.var.services.config.storageCacheSeconds}`);
  c.header('ETag', object.etag);
  if (matchesEtag(c.req.header('If-None-Match'), object.etag)) return c.body(null, 304);
  c.header('Content-Type', object.contentType);
  c.header('Content-Length', String(object.size));
  c.header('Content-Disposition', 'inline');
  c.header('X-Content-Type-Options', 'nosniff');
  // Drivers return plain (never shared) array buffers; the type cannot say so.
  return c.body(object.body as Uint8Array<ArrayBuffer>);
});
