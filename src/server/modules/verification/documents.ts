import sharp from 'sharp';
import { MESSAGES } from '../../../shared/errors.ts';
import {
  UNSUPPORTED_DOCUMENT_MESSAGE,
  VERIFICATION_DOCUMENT_MAX_MB,
  type VerificationDocumentType,
} from '../../../shared/verification.ts';
import { AppError } from '../../errors.ts';
import { BUCKETS } from '../storage/index.ts';
import { MAX_INPUT_PIXELS, sniff } from '../storage/index.ts';
import { assertSafeKey, extensionFor, keyPrefix } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';

export const DOCUMENT_BUCKET = 'verification' as const;
/** Long side of a re-encoded photo of a document: enough to read a certificate's small print. */
const DOCUMENT_MAX_PX = 3000;
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const unsupported = () =>
  new AppError('UNSUPPORTED_FILE', 415, UNSUPPORTED_DOCUMENT_MESSAGE, { file: UNSUPPORTED_DOCUMENT_MESSAGE });
const tooLarge = () => {
  const message = MESSAGES.fileTooLarge(VERIFICATION_DOCUMENT_MAX_MB);
  return new AppError('FILE_TOO_LARGE', 413, message, { file: message });
};

const isPdf = (bytes: Uint8Array) => PDF_MAGIC.every((b, i) => bytes[i] === b);

const SHARP_FORMAT = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * What the bytes are, whatever the file was called: a PDF (by its %PDF- magic bytes, kept as it is)
 * or a JPEG, PNG or WebP photo, decoded and re-encoded in its own format (EXIF, GPS and all metadata
 * dropped, orientation applied). Anything else, or anything over the limit, is refused.
 */
export async function checkDocument(
  bytes: Uint8Array,
): Promise<{ type: VerificationDocumentType; body: Uint8Array }> {
  if (bytes.byteLength > BUCKETS[DOCUMENT_BUCKET].fileSizeLimit) throw tooLarge();
  if (isPdf(bytes)) return { type: 'application/pdf', body: bytes };
  const type = sniff(bytes);
  if (!type) throw unsupported();
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupported();
    });
  if (meta.format !== SHARP_FORMAT[type] || !meta.width || !meta.height) throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000));
  try {
    const body = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .autoOrient()
      .resize({ width: DOCUMENT_MAX_PX, height: DOCUMENT_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(SHARP_FORMAT[type])
      .toBuffer();
    return { type, body: new Uint8Array(body) };
  } catch {
    throw unsupported();
  }
}

/** Stores a checked document in the private bucket under a random key of the vendor's folder. */
export async function storeDocument(
  store: ObjectStore,
  vendorId: string,
  document: { type: VerificationDocumentType; body: Uint8Array },
): Promise<string> {
  const key = `${keyPrefix('vendor', vendorId)}/${crypto.randomUUID()}.${extensionFor(document.type)}`;
  assertSafeKey(key);
  await store.put(DOCUMENT_BUCKET, key, document.body, document.type);
  return key;
}

/** The name a download is saved under: the uploaded name, with the extension of what it really is. */
export function downloadName(documentName: string, type: VerificationDocumentType): string {
  const base =
    documentName
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w\- ]+/g, '')
      .trim()
      .slice(0, 80) || 'document';
  return `${base}.${extensionFor(type)}`;
}
