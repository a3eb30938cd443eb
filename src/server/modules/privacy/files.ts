import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  claims,
  designGenerations,
  designImages,
  messageImages,
  messages,
  orderEvents,
  orderProofs,
  portfolioItems,
  vendors,
} from '../../db/schema/index.ts';
import { AT_ONCE, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { profileImageKeys } from '../vendors/index.ts';
import { pgArray } from '../../db/pg-array.ts';
import { PROOF_BUCKET } from '../proofs/index.ts';
import { type BucketId, deleteStoredImage, fileUrl, type ObjectStore } from '../storage/index.ts';

/** A stored file a closed account leaves behind. */
export interface LeftFile {
  bucket: BucketId;
  key: string;
}

export const PRIVACY_FILES_JOB = 'privacy.files';

/**
 * The files of what closing an account deletes (decision 028): generated design pictures no order was
 * agreed on (an order's design picture is its record), a vendor's portfolio and profile pictures, and
 * the pictures of messages outside any order. Read before their rows go, in the closing transaction.
 */
export async function filesLeftByClosing(tx: Db, userId: string): Promise<LeftFile[]> {
  const designs = await tx
    .select({ key: designImages.imageKey })
    .from(designImages)
    .innerJoin(designGenerations, eq(designGenerations.id, designImages.generationId))
    .where(and(eq(designGenerations.userId, userId), isNotNull(designImages.imageKey)));
  const files: LeftFile[] = (
    await designsNoOneShows(tx, {
      keys: designs.map((d) => d.key!),
      exceptOrders: [],
      exceptSavedBy: userId,
    })
  ).map((key) => ({ bucket: 'designs', key }));

  const [vendor] = await tx
    .select({ id: vendors.id, imageUrl: vendors.imageUrl })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  if (vendor) {
    const portfolio = await tx
      .select({ imageKey: portfolioItems.imageKey, thumbKey: portfolioItems.thumbKey })
      .from(portfolioItems)
      .where(eq(portfolioItems.vendorId, vendor.id));
    files.push(...pictureFiles('portfolio', portfolio));
    for (const key of profileImageKeys(vendor.imageUrl)) files.push({ bucket: 'vendors', key });
  }

  const pictures = await tx
    .select({ imageKey: messageImages.imageKey, thumbKey: messageImages.thumbKey })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(and(eq(messages.senderId, userId), isNull(messages.orderId)));
  files.push(...pictureFiles('messages', pictures));
  return files;
}

/**
 * The files of what the purge deletes 7 years on (decision 028): the pictures of the orders going
 * (delivery photos, design proofs and the customer's answers, claim photos, and the picture of the
 * design agreed on, unless an order that stays or a saved design still shows it) and those of every
 * message the user sent. Read before their rows go, in the purge's transaction.
 */
export async function filesLeftByPurge(tx: Db, userId: string, orderIds: string[]): Promise<LeftFile[]> {
  const files: LeftFile[] = [];
  if (orderIds.length > 0) {
    const delivered = await tx
      .select({ imageKey: orderEvents.photoKey, thumbKey: orderEvents.photoThumbKey })
      .from(orderEvents)
      .where(and(inArray(orderEvents.orderId, orderIds), isNotNull(orderEvents.photoKey)));
    const photos = delivered.map((d) => ({ imageKey: d.imageKey!, thumbKey: d.thumbKey ?? d.imageKey! }));
    files.push(...pictureFiles('deliveries', photos));
    const proofs = await tx
      .select({ images: orderProofs.images, responseImages: orderProofs.responseImages })
      .from(orderProofs)
      .where(inArray(orderProofs.orderId, orderIds));
    for (const p of proofs) files.push(...pictureFiles(PROOF_BUCKET, [...p.images, ...p.responseImages]));
    const claimed = await tx
      .select({ photos: claims.photos })
      .from(claims)
      .where(inArray(claims.orderId, orderIds));
    for (const c of claimed) files.push(...pictureFiles('claims', c.photos));
    const agreed = await queryRows<{ key: string }>(
      tx,
      sql`SELECT DISTINCT substr(o.design_snapshot->>'imageUrl', ${DESIGN_URL.length + 1}) AS key FROM orders o
          WHERE o.id IN ${orderIds} AND starts_with(o.design_snapshot->>'imageUrl', ${DESIGN_URL})`,
    );
    const gone = await designsNoOneShows(tx, {
      keys: agreed.map((a) => a.key),
      exceptOrders: orderIds,
      exceptSavedBy: userId,
    });
    files.push(...gone.map((key): LeftFile => ({ bucket: 'designs', key })));
  }
  const sent = await tx
    .select({ imageKey: messageImages.imageKey, thumbKey: messageImages.thumbKey })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(eq(messages.senderId, userId));
  files.push(...pictureFiles('messages', sent));
  return files;
}

/** A stored picture and its thumbnail. */
const pictureFiles = (bucket: BucketId, pictures: { imageKey: string; thumbKey: string }[]) =>
  pictures.flatMap((p): LeftFile[] => [
    { bucket, key: p.imageKey },
    { bucket, key: p.thumbKey },
  ]);

/** Where a generated design's picture is served: an order's design snapshot and a saved design keep this URL. */
const DESIGN_URL = fileUrl('designs', '');

/**
 * Of these design pictures (keys in the designs bucket), those that may go: no order shows one but
 * `exceptOrders` (going too), and nobody saved it but `exceptSavedBy` (whose saved designs go). A
 * design shared and ordered or saved by a friend stays for their order or their list.
 */
async function designsNoOneShows(
  tx: Db,
  { keys, exceptOrders, exceptSavedBy }: { keys: string[]; exceptOrders: string[]; exceptSavedBy: string },
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`SELECT k AS key FROM unnest(${pgArray(keys)}::text[]) AS k
        WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.design_snapshot->>'imageUrl' = ${DESIGN_URL} || k
                            AND NOT (o.id = ANY(${pgArray(exceptOrders)}::text[])))
          AND NOT EXISTS (SELECT 1 FROM cake_designs c WHERE c.image_url = ${DESIGN_URL} || k
                            AND c.customer_id <> ${exceptSavedBy})`,
  );
  return rows.map((r) => r.key);
}

/**
 * Queues the files' removal in the transaction that deletes their rows (`key`: one job per closing,
 * one per purge round): gone once it commits, never before, retried until done.
 */
export async function removeFilesLater(tx: Db, key: string, files: LeftFile[]) {
  if (files.length === 0) return;
  await scheduleJob(tx, { kind: PRIVACY_FILES_JOB, key, runAt: AT_ONCE, payload: { files } });
}

/** Deletes the files a closing left (a file already gone is fine); a failure retries the whole job. */
export const privacyFileJobHandlers = (store: ObjectStore): JobHandlers => ({
  [PRIVACY_FILES_JOB]: {
    outside: async (_db, job) => {
      const files = ((job.payload as { files?: LeftFile[] }).files ?? []).filter(
        (f) => typeof f.bucket === 'string' && typeof f.key === 'string',
      );
      const byBucket = new Map<BucketId, string[]>();
      for (const f of files) byBucket.set(f.bucket, [...(byBucket.get(f.bucket) ?? []), f.key]);
      for (const [bucket, keys] of byBucket) await deleteStoredImage(store, bucket, keys);
    },
  },
});
