import type { Context } from 'hono';
import type { StoredObject } from './store.ts';

/** RFC 9110: If-None-Match is "*" or a list of tags, compared weakly for GET and HEAD. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * How a stored file is sent. `public`: anyone may have it, so shared caches may keep it for `maxAge`
 * seconds. `private`: for the reader only; no shared cache stores it and the browser asks again each
 * time (a 304 while it has not changed), so access taken away ends at once. `attachment`: private
 * too, never stored at all, always downloaded under that name and never rendered (documents).
 */
export type FileDelivery =
  { cache: 'public'; maxAge: number } | { cache: 'private' } | { cache: 'private'; attachment: string };

/** The file with its type and length, never sniffed; ETag and 304 unless it is an attachment. */
export function fileResponse(c: Context, object: StoredObject, delivery: FileDelivery) {
  const attachment = 'attachment' in delivery ? delivery.attachment : undefined;
  c.header(
    'Cache-Control',
    delivery.cache === 'public'
      ? `public, max-age=${delivery.maxAge}`
      : attachment
        ? 'private, no-store'
        : 'private, no-cache',
  );
  if (!attachment) {
    c.header('ETag', object.etag);
    if (matchesEtag(c.req.header('If-None-Match'), object.etag)) return c.body(null, 304);
  }
  c.header('Content-Type', object.contentType);
  c.header('Content-Length', String(object.size));
  c.header('Content-Disposition', attachment ? `attachment; filename="${attachment}"` : 'inline');
  c.header('X-Content-Type-Options', 'nosniff');
  if (attachment) c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  // Drivers return plain (never shared) array buffers; the type cannot say so.
  return c.body(object.body as Uint8Array<ArrayBuffer>, 200);
}
