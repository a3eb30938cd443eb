import { createHash } from 'node:crypto';
import type { StoredMimeType } from './buckets.ts';

/** The only file extensions a key may end in, and the content type each one is served with. */
const EXTENSIONS = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
} as const;
type KeyExtension = keyof typeof EXTENSIONS;

export const extensionFor = (type: StoredMimeType): KeyExtension =>
  type === 'application/pdf' ? 'pdf' : type === 'image/jpeg' ? 'jpg' : type === 'image/png' ? 'png' : 'webp';

// Segments of [a-z0-9-] separated by single slashes, then one extension: no dots, no "..",
// no leading slash, no empty segment, no backslash or percent sign, so a key is always a plain
// relative path inside its bucket on every driver.
const SAFE_KEY = new RegExp(`^[a-z0-9-]+(?:/[a-z0-9-]+)*\\.(?:${Object.keys(EXTENSIONS).join('|')})$`);
const MAX_KEY_LENGTH = 512;

export const isSafeKey = (key: string): boolean => key.length <= MAX_KEY_LENGTH && SAFE_KEY.test(key);

/** Every driver calls this before touching a key; an unsafe key here is a bug in our code. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** The content type of a safe key, from the extension we chose when storing it. */
export function contentTypeOfKey(key: string): StoredMimeType {
  assertSafeKey(key);
  const extension = key.slice(key.lastIndexOf('.') + 1) as KeyExtension;
  return EXTENSIONS[extension];
}

const MAX_PART_LENGTH = 64;

/**
 * Turns arbitrary ids into key segments: `keyPrefix('vendor', 'Ab_1')` is `vendor/ab-1-<hash>`.
 * A part that had to change gets a short hash of the original, so two ids never share a folder.
 */
export function keyPrefix(...parts: string[]): string {
  if (parts.length === 0) throw new Error('keyPrefix needs at least one part');
  return parts
    .map((part) => {
      const clean = part
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, MAX_PART_LENGTH);
      if (clean !== '' && clean === part) return clean;
      const hash = createHash('sha256').update(part).digest('hex').slice(0, 8);
      return clean === '' ? hash : `${clean}-${hash}`;
    })
    .join('/');
}
