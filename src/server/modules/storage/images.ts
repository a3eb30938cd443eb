import sharp from 'sharp';
import { MESSAGES } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';
import type { BucketId, ImageMimeType, PublicBucketId } from './buckets.ts';
import { BUCKETS, MB } from './buckets.ts';
import { assertSafeKey, extensionFor } from './keys.ts';
import type { ObjectStore } from './store.ts';

export { keyPrefix } from './keys.ts';

/** A small file can decode to billions of pixels (a decompression bomb); nothing larger is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
const DISPLAY_MAX_PX = 1600;
const THUMB_MAX_PX = 480;
const WEBP_QUALITY = 82;

export interface StoredImage {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/** The link to a file of a public bucket; a private one's comes from ownedFileUrl (private-files.ts). */
export const fileUrl = (bucket: PublicBucketId, key: string) => `/api/files/${bucket}/${key}`;

const unsupported = () => new AppError('UNSUPPORTED_FILE', 415, MESSAGES.unsupportedFile);

/** The type by magic number: what the bytes are, whatever the file was called or claimed to be. */
export function sniff(bytes: Uint8Array): ImageMimeType | undefined {
  const has = (signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  if (has([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (has([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (has([0x52, 0x49, 0x46, 0x46]) && has([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const SHARP_FORMAT: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The bucket's size limit before any decoding, then the type by magic number and by the decoder's header. */
async function checkImage(bucket: BucketId, bytes: Uint8Array): Promise<ImageMimeType> {
  const { fileSizeLimit, allowedMimeTypes } = BUCKETS[bucket];
  if (bytes.byteLength > fileSizeLimit)
    throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(fileSizeLimit / MB));
  const type = sniff(bytes);
  if (!type || !(allowedMimeTypes as readonly string[]).includes(type)) throw unsupported();
  // Reading the header decodes no pixels, so the pixel count is checked here with a clear message.
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupported();
    });
  if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  return type;
}

/**
 * Decodes fully (a truncated or corrupt file fails here: failOn 'warning'), applies the EXIF
 * orientation and writes WebP. sharp keeps no metadata unless asked, so EXIF, XMP, IPTC and ICC
 * profiles (camera serials, GPS positions) are dropped and the pixels converted to sRGB.
 */
const toWebp = (input: Uint8Array, maxPx: number) =>
  sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
    .autoOrient()
    .resize({ width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer({ resolveWithObject: true });

async function encodeUpload(bytes: Uint8Array) {
  try {
    const display = await toWebp(bytes, DISPLAY_MAX_PX);
    // From the display copy: one large decode instead of two.
    const thumb = await toWebp(display.data, THUMB_MAX_PX);
    return { display, thumb };
  } catch {
    throw unsupported();
  }
}

/** Checks by content, re-encodes (EXIF and all metadata stripped, orientation applied), stores a display WebP (max 1600 px on the long side) and a thumbnail WebP (max 480 px). */
export async function storeUploadedImage({
  store,
  bucket,
  bytes,
  prefix,
}: {
  store: ObjectStore;
  bucket: BucketId;
  bytes: Uint8Array;
  prefix: string;
}): Promise<StoredImage> {
  const id = crypto.randomUUID();
  const imageKey = `${prefix}/${id}.webp`;
  const thumbKey = `${prefix}/${id}-thumb.webp`;
  assertSafeKey(imageKey);
  await checkImage(bucket, bytes);
  const { display, thumb } = await encodeUpload(bytes);
  try {
    await Promise.all([
      store.put(bucket, imageKey, display.data, 'image/webp'),
      store.put(bucket, thumbKey, thumb.data, 'image/webp'),
    ]);
  } catch (err) {
    // Half an image is useless; the put's error is the one worth reporting, not a cleanup failure.
    await deleteStoredImage(store, bucket, [imageKey, thumbKey]).catch(() => undefined);
    throw err;
  }
  return { imageKey, thumbKey, width: display.info.width, height: display.info.height };
}

/** Stores a PNG/WebP our own server produced (the designer), re-checked by content; returns its key. */
export async function storeGeneratedImage({
  store,
  bucket,
  bytes,
  prefix,
  contentType,
}: {
  store: ObjectStore;
  bucket: BucketId;
  bytes: Uint8Array;
  prefix: string;
  contentType: 'image/png' | 'image/webp' | 'image/jpeg';
}): Promise<string> {
  const key = `${prefix}/${crypto.randomUUID()}.${extensionFor(contentType)}`;
  assertSafeKey(key);
  const detected = await checkImage(bucket, bytes);
  if (detected !== contentType) throw new Error(`generated image is ${detected}, not ${contentType}`);
  await store.put(bucket, key, bytes, contentType);
  return key;
}

/** Deletes every key (a missing one is fine) and then reports the first failure, if any. */
export async function deleteStoredImage(store: ObjectStore, bucket: BucketId, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(bucket, key)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
