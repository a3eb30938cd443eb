/* The storage module's public face: what other modules may use (the rest is its own). */
export { BUCKETS, type BucketId, MB } from './buckets.ts';
export { fileResponse } from './file-response.ts';
export {
  deleteStoredImage,
  fileUrl,
  MAX_INPUT_PIXELS,
  sniff,
  type StoredImage,
  storeGeneratedImage,
  storeUploadedImage,
} from './images.ts';
export { assertSafeKey, extensionFor, keyPrefix } from './keys.ts';
export { removeOrphanTempFiles } from './local-store.ts';
export { ownedFileUrl, type OwnerPolicy, privateFileReaders } from './private-files.ts';
export { storageRoutes } from './routes.ts';
export { createObjectStore, type ObjectStore, type StoredObject } from './store.ts';
