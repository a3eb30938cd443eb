import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BucketId } from './buckets.ts';
import { assertSafeKey, contentTypeOfKey } from './keys.ts';
import type { ObjectStore, StoredObject } from './store.ts';

/** Files on local disk at <root>/<bucket>/<key>; the content type follows from the key's extension. */
export function createLocalStore(root: string): ObjectStore {
  const base = path.resolve(root);

  function fileFor(bucket: BucketId, key: string): string {
    assertSafeKey(key);
    const bucketDir = path.join(base, bucket);
    const file = path.resolve(bucketDir, key);
    // assertSafeKey already rules out escapes; this second check keeps it true if the key rule changes.
    if (!file.startsWith(bucketDir + path.sep)) throw new Error(`storage key escapes its bucket: ${key}`);
    return file;
  }

  return {
    kind: 'local',

    async put(bucket, key, body, contentType) {
      const file = fileFor(bucket, key);
      if (contentType !== contentTypeOfKey(key))
        throw new Error(`content type ${contentType} does not match the key ${key}`);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file and a crash leaves no broken object.
      // The temporary name has two dots, so it can never be a valid key and never be served.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(bucket, key): Promise<StoredObject | null> {
      const file = fileFor(bucket, key);
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      return { body, contentType: contentTypeOfKey(key), size: body.byteLength, etag };
    },

    async delete(bucket, key) {
      await rm(fileFor(bucket, key), { force: true });
    },
  };
}

/** A temporary file of `put`: `<key>.<uuid>.tmp`. */
const TEMP_FILE = /\.[0-9a-f-]{36}\.tmp$/;

/**
 * Removes temporary files a crash left behind (written, never renamed). Only files older than
 * `olderThanMs` go, so a write in progress in another process on the same disk is never touched.
 * Returns how many were removed.
 */
export async function removeOrphanTempFiles(
  root: string,
  { now = Date.now(), olderThanMs = 15 * 60_000 } = {},
) {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(path.resolve(root), { recursive: true, withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return 0;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !TEMP_FILE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

const isMissing = (err: unknown) =>
  err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');
