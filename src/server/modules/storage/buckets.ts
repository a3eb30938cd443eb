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

/** What a private bucket's files belong to: they are kept under `<owner>/<owner's id>/` (see keyPrefix). */
export type OwnerKind = 'conversation' | 'order';

export interface Bucket {
  id: string;
  name: string;
  /**
   * Served to anyone at /api/files/<bucket>/<key>, cached publicly; keys are random, so a file is found
   * only by its link. A private bucket's files are never served to anyone else (404).
   */
  public: boolean;
  /**
   * A private bucket with an owner is served at /api/files too, but only to the parties of the
   * conversation or order a file belongs to and to admins (private-files.ts). One without is served
   * only by its own module's routes (verification documents).
   */
  owner?: OwnerKind;
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
    // Private: delivery photos and design proofs, for the order's customer, its vendor and admins.
    name: 'Order delivery photos',
    public: false,
    owner: 'order',
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  claims: {
    id: 'claims',
    // Private: for the order's customer, its vendor and admins.
    name: 'Satisfaction claim photos',
    public: false,
    owner: 'order',
    fileSizeLimit: 10 * MB,
    allowedMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  },
  messages: {
    id: 'messages',
    // Private: for the conversation's customer, its vendor and admins.
    name: 'Message images',
    public: false,
    owner: 'conversation',
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

export type OwnedBucketId = {
  [K in BucketId]: (typeof BUCKETS)[K] extends { owner: OwnerKind } ? K : never;
}[BucketId];
export const OWNED_BUCKET_IDS = (Object.keys(BUCKETS) as BucketId[]).filter(
  (id): id is OwnedBucketId => 'owner' in BUCKETS[id],
);
