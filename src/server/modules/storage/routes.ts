import { Hono } from 'hono';
import { AppError } from '../../http/app-error.ts';
import type { AppEnv } from '../../http/types.ts';
import { BUCKETS, isBucketId } from './buckets.ts';
import { isSafeKey } from './keys.ts';

/** RFC 9110: If-None-Match is "*" or a list of tags, compared weakly for GET and HEAD. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Files of the public buckets, by the key we gave them. Hono answers HEAD from this GET route.
 * Anything that is not a stored file of a public bucket (unknown bucket, unsafe key, missing object)
 * is the same 404, so probing tells nothing.
 */
export const storageRoutes = new Hono<AppEnv>().get('/:bucket/:key{.+}', async (c) => {
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
