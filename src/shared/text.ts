/** A NUL character, or half of a surrogate pair without its other half (not valid Unicode text). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a string cannot be stored as text: PostgreSQL refuses NUL in text columns and lone
 * surrogates cannot be encoded as UTF-8. Every string the API receives is checked with this.
 */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/** The path to the first key or string with forbidden characters in a JSON-like value, or null. */
export function findForbiddenText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findForbiddenText(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) return [...path, key];
      const found = findForbiddenText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
