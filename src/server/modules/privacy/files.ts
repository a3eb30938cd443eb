import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import {
  designGenerations,
  designImages,
  messageImages,
  messages,
  portfolioItems,
  vendors,
} from '../../db/schema/index.ts';
import { AT_ONCE, scheduleJob, type JobHandlers } from '../jobs/index.ts';
import { profileImageKeys } from '../vendors/index.ts';
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
  const agreed = new Set(
    (
      await queryRows<{ url: string }>(
        tx,
        sql`SELECT DISTINCT o.design_snapshot->>'imageUrl' AS url FROM orders o
            WHERE o.customer_id = ${userId} AND o.design_snapshot->>'imageUrl' IS NOT NULL`,
      )
    ).map((r) => r.url),
  );
  const files: LeftFile[] = designs
    .filter((d): d is { key: string } => !!d.key && !agreed.has(fileUrl('designs', d.key)))
    .map((d) => ({ bucket: 'designs', key: d.key }));

  const [vendor] = await tx
    .select({ id: vendors.id, imageUrl: vendors.imageUrl })
    .from(vendors)
    .where(eq(vendors.userId, userId));
  if (vendor) {
    const portfolio = await tx
      .select({ imageKey: portfolioItems.imageKey, thumbKey: portfolioItems.thumbKey })
      .from(portfolioItems)
      .where(eq(portfolioItems.vendorId, vendor.id));
    for (const p of portfolio)
      files.push({ bucket: 'portfolio', key: p.imageKey }, { bucket: 'portfolio', key: p.thumbKey });
    for (const key of profileImageKeys(vendor.imageUrl)) files.push({ bucket: 'vendors', key });
  }

  const pictures = await tx
    .select({ imageKey: messageImages.imageKey, thumbKey: messageImages.thumbKey })
    .from(messageImages)
    .innerJoin(messages, eq(messages.id, messageImages.messageId))
    .where(and(eq(messages.senderId, userId), isNull(messages.orderId)));
  for (const p of pictures)
    files.push({ bucket: 'messages', key: p.imageKey }, { bucket: 'messages', key: p.thumbKey });
  return files;
}

/** Queues the files' removal in the closing transaction: gone once it commits, never before, retried until done. */
export async function removeFilesLater(tx: Db, userId: string, files: LeftFile[]) {
  if (files.length === 0) return;
  await scheduleJob(tx, {
    kind: PRIVACY_FILES_JOB,
    key: `privacy:files:${userId}`,
    runAt: AT_ONCE,
    payload: { files },
  });
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
