import { asc, eq, inArray } from 'drizzle-orm';
import { imageProblem, type MessageImage } from '../../../shared/schemas/messages.ts';
import type { Db } from '../../db/client.ts';
import { conversations, messageImages, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isAdmin } from '../../actor.ts';
import { deleteStoredImage, keyPrefix, type StoredImage, storeUploadedImage } from '../storage/index.ts';
import { ownedFileUrl, type OwnerPolicy } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';

/** A refusal of the file itself (not an image, too large): the sender's input, so a 400 at the images field. */
const isFileProblem = (err: unknown): err is AppError =>
  err instanceof AppError && (err.code === 'UNSUPPORTED_FILE' || err.code === 'FILE_TOO_LARGE');

/**
 * Stores a message's images, one at a time and each checked by its content, re-encoded without
 * metadata (src/server/modules/storage/images.ts). A file that is not an acceptable image is a 400
 * naming it, and then nothing of the message stays stored.
 */
export async function storeMessageImages(
  store: ObjectStore,
  conversationId: string,
  files: readonly File[],
): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const image = await storeUploadedImage({
        store,
        bucket: 'messages',
        bytes: new Uint8Array(await file.arrayBuffer()),
        prefix: keyPrefix('conversation', conversationId),
      }).catch((err: unknown) => {
        throw isFileProblem(err)
          ? AppError.validation({ images: imageProblem(err.message, i, files.length) })
          : err;
      });
      stored.push(image);
    }
    return stored;
  } catch (err) {
    await deleteMessageImages(store, stored);
    throw err;
  }
}

/** Deletes stored images that no message refers to (its transaction failed); a file left behind is only unreachable. */
export async function deleteMessageImages(store: ObjectStore, images: readonly StoredImage[]) {
  await Promise.all(
    images.map((p) => deleteStoredImage(store, 'messages', [p.imageKey, p.thumbKey]).catch(() => {})),
  );
}

type ImageRow = typeof messageImages.$inferSelect;

/** The images of these messages, each message's in the order they were attached. */
export async function imagesOfMessages(db: Db, messageIds: string[]): Promise<Map<string, ImageRow[]>> {
  const byMessage = new Map<string, ImageRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(messageImages)
    .where(inArray(messageImages.messageId, messageIds))
    .orderBy(asc(messageImages.messageId), asc(messageImages.position));
  for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
  return byMessage;
}

export const presentMessageImage = (conversationId: string, row: ImageRow): MessageImage => ({
  url: ownedFileUrl('messages', conversationId, row.imageKey),
  thumbUrl: ownedFileUrl('messages', conversationId, row.thumbKey),
  width: row.width,
  height: row.height,
});

/** Who may see a conversation's images (the `messages` bucket): its customer, its vendor's owner and admins. */
export const mayReadConversationImages: OwnerPolicy = async ({ db, actor, ownerId }) => {
  if (isAdmin(actor)) return true;
  const [row] = await db
    .select({ customerId: conversations.customerId, vendorUserId: vendors.userId })
    .from(conversations)
    .innerJoin(vendors, eq(vendors.id, conversations.vendorId))
    .where(eq(conversations.id, ownerId))
    .limit(1);
  return row !== undefined && (row.customerId === actor.id || row.vendorUserId === actor.id);
};
