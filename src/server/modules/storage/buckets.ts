import { MESSAGE_IMAGE_MAX_BYTES, MESSAGE_IMAGE_TYPES } from '../../../shared/schemas/messages.ts';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_TYPES,
} from '../../../shared/verification.ts';

/** Bytes in a megabyte, as the limits are stated to users. */
export const MB = 1024 * 1024;

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';
/** What any bucket may hold: images, and PDF documents in the private verification bucket. */
export type StoredMimeType = ImageMimeType | 'application/pdf';

export interface Bucket {
  id: string;
  name: string;
  /**
   * Served to anyone at /api/files/<bucket>/<key>; keys are random, so a file is found only by its link.
   * A private bucket's files are never served there (404), only by routes that check who asks.
   */
  public: boolean;
  fileSizeLimit: number;
  allowedMimeTypes: readonly StoredMimeType[];
}

export const BUCKETS = {
  portfolio: {
    id: 'portfolio',
    name: 'Vendor portfolio photos',
    public: true,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  vendors: {
    id: 'vendors',
    name: 'Vendor profile images',
    public: true,
    fileSizeLimit: 5 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  designs: {
    id: 'designs',
    name: 'Generated cake designs',
    public: true,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/png', 'image/webp', 'image/jpeg'],
  },
  deliveries: {
    id: 'deliveries',
    // Random keys, and the link is shown only to the order's customer, vendor and admins.
    name: 'Order delivery photos',
    public: true,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  claims: {
    id: 'claims',
    // Random keys, and the link is shown only to the order's customer, vendor and admins.
    name: 'Satisfaction claim photos',
    public: true,
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  messages: {
    id: 'messages',
    // Random keys, and the link is shown only to the conversation's customer and vendor.
    name: 'Message images',
    public: true,
    fileSizeLimit: MESSAGE_IMAGE_MAX_BYTES,
    allowedMimeTypes: MESSAGE_IMAGE_TYPES,
  },
  verification: {
    id: 'verification',
    // Private: permits, certificates and ID, opened only by their vendor and admins (verification module).
    name: 'Vendor verification documents',
    public: false,
    fileSizeLimit: VERIFICATION_DOCUMENT_MAX_BYTES,
    allowedMimeTypes: VERIFICATION_DOCUMENT_TYPES,
  },
} as const satisfies Record<string, Bucket>;

export type BucketId = keyof typeof BUCKETS;

export const isBucketId = (value: string): value is BucketId => Object.hasOwn(BUCKETS, value);

export type PublicBucketId = {
  [K in BucketId]: (typeof BUCKETS)[K]['public'] extends true ? K : never;
}[BucketId];
export const PUBLIC_BUCKET_IDS = (Object.keys(BUCKETS) as BucketId[]).filter(
  (id): id is PublicBucketId => BUCKETS[id].public,
);
