import path from 'node:path';
import type { Config } from '../../config.ts';
import type { BucketId } from './buckets.ts';
import { createLocalStore } from './local-store.ts';
import { createS3Store } from './s3-store.ts';

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
  size: number;
  /** A quoted entity tag, ready for the ETag header. */
  etag: string;
}

/** Where file bytes live. Keys are ours (see keys.ts); every driver refuses an unsafe one. */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(bucket: BucketId, key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(bucket: BucketId, key: string): Promise<StoredObject | null>;
  /** A missing object is not an error. */
  delete(bucket: BucketId, key: string): Promise<void>;
}

/** S3 when S3_BUCKET is set, otherwise files under DATA_DIR/uploads. */
export function createObjectStore(config: Config): ObjectStore {
  return config.s3 ? createS3Store(config.s3) : createLocalStore(path.join(config.dataDir, 'uploads'));
}
