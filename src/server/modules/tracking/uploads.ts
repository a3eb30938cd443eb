import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { claimRefusal } from '../../../shared/claims.ts';
import { MESSAGES } from '../../../shared/errors.ts';
import { CLAIM_DESCRIPTION_MAX, openClaimSchema } from '../../../shared/schemas/claims.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import { orderDeliverySchema } from '../../../shared/schemas/orders.ts';
import { type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { CLAIM_MESSAGES, MAX_CLAIM_PHOTOS, openClaim } from '../payments/index.ts';
import { BUCKETS, MB } from '../storage/index.ts';
import { deleteStoredImage, keyPrefix, storeUploadedImage, type StoredImage } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { transitionOrder } from '../orders/index.ts';
import { getOrderDetail } from './detail.ts';

/**
 * Up to `count` pictures for `bucket`: each is checked against its bucket's limit by content later;
 * this stops a huge body early.
 */
export function uploadBodyLimit(bucket: 'deliveries' | 'claims', count = 1) {
  const limitMb = BUCKETS[bucket].fileSizeLimit / MB;
  return bodyLimit({
    maxSize: count * BUCKETS[bucket].fileSizeLimit + MB,
    onError: () => {
      throw new AppError('FILE_TOO_LARGE', 413, MESSAGES.fileTooLarge(limitMb));
    },
  });
}

/** The body of opening a claim, as documented: a description and up to five photos in `files`. */
export const claimUploadBody = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object' as const,
        properties: {
          description: { type: 'string' as const, minLength: 10, maxLength: CLAIM_DESCRIPTION_MAX },
          files: {
            type: 'array' as const,
            maxItems: MAX_CLAIM_PHOTOS,
            items: {
              type: 'string' as const,
              format: 'binary',
              description: 'A JPEG, PNG or WebP image.',
            },
          },
        },
        required: ['description'],
      },
    },
  },
};

/** The Mark Delivered form: the status the vendor saw, a note, and a photo of the cake (or none). */
export async function readDeliveryForm(c: Context) {
  const form = await c.req.parseBody().catch(() => {
    throw AppError.validation({ file: 'Please choose a photo of the cake, or none.' });
  });
  const input = parseOrThrow(orderDeliverySchema, {
    expectedStatus: form.expectedStatus || undefined,
    note: form.note || undefined,
  });
  const file = form.file instanceof File && form.file.size > 0 ? form.file : undefined;
  return { ...input, file };
}

/** The claim form: what is wrong, and up to five photos. */
export async function readClaimForm(c: Context) {
  const form = await c.req.parseBody({ all: true }).catch(() => {
    throw AppError.validation({ description: 'Please describe what is wrong.' });
  });
  const { description } = parseOrThrow(openClaimSchema, {
    description: typeof form.description === 'string' ? form.description : '',
  });
  const files = (Array.isArray(form.files) ? form.files : [form.files]).filter(
    (f): f is File => f instanceof File && f.size > 0,
  );
  if (files.length > MAX_CLAIM_PHOTOS)
    throw AppError.validation({ files: `Add up to ${MAX_CLAIM_PHOTOS} photos.` });
  return { description, files };
}

/** One uploaded picture of an order, checked by its content and stored with a thumbnail. */
async function storePhoto(store: ObjectStore, bucket: 'deliveries' | 'claims', orderId: string, file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return storeUploadedImage({ store, bucket, bytes, prefix: keyPrefix('order', orderId) });
}

/**
 * Mark Delivered by the order's vendor, with a photo of the cake if they sent one. The photo is stored
 * only when the change can be made now (by the order's vendor, once it is ready and its delivery window
 * is open); otherwise the transition refuses it with its own reason (404, 403, 409) and nothing is kept.
 */
export async function deliverWithPhoto({
  db,
  store,
  actor,
  orderId,
  expectedStatus,
  note,
  file,
  clock,
}: {
  db: Db;
  store: ObjectStore;
  actor: Actor;
  orderId: string;
  expectedStatus?: OrderStatus | undefined;
  note?: string | undefined;
  file: File | undefined;
  clock: Clock;
}) {
  const current = await getOrderDetail(db, { actor, orderId, now: clock.now() });
  const allowed = current.actions.some((a) => a.action === 'deliver' && a.notYet === null);
  const photo = file && allowed ? await storePhoto(store, 'deliveries', orderId, file) : undefined;
  const by = { kind: 'user', actor } as const;
  try {
    await transitionOrder(db, {
      orderId,
      action: 'deliver',
      by,
      expectedStatus,
      note,
      photo,
      now: clock.now(),
    });
  } catch (err) {
    // Refused (not the vendor, not ready, changed meanwhile): the photo has nothing to belong to.
    if (photo) await deleteStoredImage(store, 'deliveries', [photo.imageKey, photo.thumbKey]).catch(() => {});
    throw err;
  }
}

/**
 * The customer opens a satisfaction claim with its photos. Only an order its customer can claim now
 * gets photos stored; anything else is refused first, and photos of a claim refused later are deleted.
 */
export async function openClaimWithPhotos({
  db,
  store,
  actor,
  orderId,
  description,
  files,
  clock,
}: {
  db: Db;
  store: ObjectStore;
  actor: Actor;
  orderId: string;
  description: string;
  files: File[];
  clock: Clock;
}) {
  const current = await getOrderDetail(db, { actor, orderId, now: clock.now() });
  if (current.viewer !== 'customer') throw AppError.notFound('Order not found.');
  const refusal = claimRefusal({
    status: current.status,
    hasClaim: current.claim !== null,
    claimOpenUntil: current.claimOpenUntil,
  });
  if (refusal) throw new AppError('CONFLICT', 409, CLAIM_MESSAGES[refusal]);
  const stored: StoredImage[] = [];
  try {
    for (const file of files) stored.push(await storePhoto(store, 'claims', orderId, file));
    await openClaim({
      db,
      actor,
      orderId,
      description,
      photos: stored.map((p) => ({
        imageKey: p.imageKey,
        thumbKey: p.thumbKey,
        width: p.width,
        height: p.height,
      })),
      now: clock.now(),
    });
  } catch (err) {
    for (const p of stored)
      await deleteStoredImage(store, 'claims', [p.imageKey, p.thumbKey]).catch(() => {});
    throw err;
  }
}
