import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** The content codings we send, best first (browsers all take both; zstd and deflate add nothing). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Below this a compressed body saves less than the headers it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The best of `available` by the request's Accept-Encoding (RFC 9110 §12.5.3): the highest q-value
 * wins, `*` covers codings not named, q=0 refuses, and a tie goes to the earlier (smaller) coding.
 * Undefined means the plain body: no header, `identity`, or nothing acceptable.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding).map((a) => ({ coding: a.type.toLowerCase(), q: a.q }));
  const wildcard = accepts.find((a) => a.coding === '*')?.q ?? 0;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const q = accepts.find((a) => a.coding === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Adds Accept-Encoding to Vary unless it is there already (or Vary is `*`). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quick settings: this runs per response (build assets are compressed at build time at the maximum). */
function encode(encoding: Encoding, body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Whether this response may be compressed at all (its size, and whether it has a body, aside: reading
 * `body` turns @hono/node-server's lightweight response into a stream, so only a compression does).
 */
function compressible(method: string, res: Response): boolean {
  const type = res.headers.get('Content-Type') ?? '';
  return (
    method !== 'HEAD' &&
    res.status >= 200 &&
    ![204, 206, 304].includes(res.status) &&
    !res.headers.has('Content-Encoding') &&
    // Event streams must reach the browser event by event; a compressor would hold them back.
    !/^\s*text\/event-stream/i.test(type) &&
    !NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') &&
    // Text-like types only: images, fonts and archives are compressed already.
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)
  );
}

/**
 * Compresses text responses (API JSON, the rendered index.html, anything not precompressed at build
 * time) with brotli or gzip as the client prefers, when the body is at least COMPRESSION_THRESHOLD
 * bytes. The body is read whole: only event streams (never compressed) stream on purpose here; any
 * other response that must stream should say `Cache-Control: no-transform`. A strong ETag becomes weak,
 * since the compressed bytes are not the ones it names.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!compressible(c.req.method, c.res)) return;
    varyOnAcceptEncoding(c.res.headers);
    const encoding = negotiateEncoding(c.req.header('Accept-Encoding'));
    const declared = c.res.headers.get('Content-Length');
    if (!encoding || (declared !== null && Number(declared) < COMPRESSION_THRESHOLD)) return;
    if (c.res.body === null) return;

    const body = new Uint8Array(await c.res.arrayBuffer());
    const compressed = body.byteLength >= COMPRESSION_THRESHOLD ? await encode(encoding, body) : undefined;
    const use = compressed && compressed.byteLength < body.byteLength;
    // Assigning c.res copies the old headers over the new response, so the changes come after it.
    c.res = new Response(use ? compressed : body, c.res);
    c.res.headers.set('Content-Length', String(use ? compressed.byteLength : body.byteLength));
    if (!use) return;
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
