/**
 * A place in a keyset-paged list: a row's time, to the microsecond as stored, and its id, which breaks
 * ties between rows of the same instant. The API hands it out as an opaque base64url cursor.
 */
export interface Position {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  id: string;
}

const POSITION_AT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/;

// Stryker disable Regex: equivalent (base64 has '=' at its end only, so /=+$/ and /=+/ are the same)
const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
// Stryker restore Regex
const fromBase64Url = (token: string) =>
  new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(atob(token.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0)),
  );

/** The opaque cursor for a place. */
export const encodePositionCursor = (p: Position): string => toBase64Url(JSON.stringify([p.at, p.id]));

/** A cursor back into a place, or null for anything the API did not issue. */
export function decodePositionCursor(token: string): Position | null {
  let parsed: unknown;
  // Stryker disable BlockStatement: equivalent for the catch (left undefined, it is refused as not an array)
  try {
    parsed = JSON.parse(fromBase64Url(token));
  } catch {
    return null;
  }
  // Stryker restore BlockStatement
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || id.length === 0 || id.length > 100) return null;
  const ms = POSITION_AT.exec(at)?.[1];
  if (!ms || Number(ms.slice(0, 4)) < 1970) return null;
  // A real instant the database can read: no 30 February, no hour 24.
  const time = new Date(`${ms}Z`);
  if (Number.isNaN(time.getTime()) || time.toISOString() !== `${ms}Z`) return null;
  return { at, id };
}
