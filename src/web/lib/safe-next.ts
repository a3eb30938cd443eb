/** Longer than any page of ours with its query; a longer `next` is not one we wrote. */
const MAX_NEXT_LENGTH = 2048;
const ORIGIN = 'https://frosted.invalid';
/**
 * Browsers drop tabs and line breaks from addresses and read a backslash as a slash, so `/\evil` and
 * `/<tab>/evil` both mean `//evil`: another site. No control character belongs in a path of ours.
 */
const hasControlOrBackslash = (text: string) =>
  [...text].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || ch === '\\';
  });

/**
 * Where to go after signing in: `next` when it is a path of this site (one leading slash, no second
 * slash or backslash after it, no control characters, raw or percent-encoded), else null so that the
 * caller falls back to the dashboard.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > MAX_NEXT_LENGTH) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  // Each decoding a router or server might apply: `%5C`, `%255C` and so on are backslashes too.
  // Encoded deeper than that is no address of ours.
  let form = next;
  for (let round = 0; ; round++) {
    if (hasControlOrBackslash(form) || form.startsWith('//')) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return null;
    }
    if (decoded === form) break;
    if (round === 3) return null;
    form = decoded;
  }
  // What the browser would open: it must be this site, whatever we did not think of above.
  const url = new URL(next, ORIGIN);
  return url.origin === ORIGIN ? next : null;
}
