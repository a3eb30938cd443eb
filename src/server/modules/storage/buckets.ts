import { MESSAGE_IMAGE_MAX_BYTES, MESSAGE_IMAGE_TYPES } from '../../../shared/schemas/messages.ts';

/** Bytes in a megabyte, as the limits are stated to users. */
export const MB = 1024 * 1024;

export type ImageMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface Bucket {
  id: string;
  name: string;
  /** Served to anyone at /api/files/<bucket>/<key>; keys are random, so a file is found only by its link. */
  public: boolean;
  fileSizeLimit: number;
  allowedMimeTypes: readonly ImageMimeType[];
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
} as const satisfies Record<string, Bucket>;

export type BucketId = keyof typeof BUCKETS;

export const isBucketId = (value: string): value is BucketId => Object.hasOwn(BUCKETS, value);
