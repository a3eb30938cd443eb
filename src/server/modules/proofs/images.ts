import type { ProofImage } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { proofImageProblem } from '../../../shared/schemas/proofs.ts';
import { deleteStoredImage, keyPrefix, storeUploadedImage } from '../storage/index.ts';
import type { ObjectStore } from '../storage/index.ts';

/**
 * Proof pictures live with the order's other pictures, in a private bucket served only to the
 * order's customer, its vendor and admins (storage/private-files.ts).
 */
export const PROOF_BUCKET = 'deliveries';

const isFileProblem = (err: unknown): err is AppError =>
  err instanceof AppError && (err.code === 'UNSUPPORTED_FILE' || err.code === 'FILE_TOO_LARGE');

/**
 * Stores a proof's (or an answer's) pictures one at a time, each checked by its content and re-encoded
 * without metadata. A file that is not an acceptable image is a 400 at `images` naming it, and then
 * none of the pictures stays stored.
 */
export async function storeProofImages(
  store: ObjectStore,
  orderId: string,
  files: readonly File[],
): Promise<ProofImage[]> {
  const stored: ProofImage[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const image = await storeUploadedImage({
        store,
        bucket: PROOF_BUCKET,
        bytes: new Uint8Array(await file.arrayBuffer()),
        prefix: keyPrefix('order', orderId, 'proofs'),
      }).catch((err: unknown) => {
        throw isFileProblem(err)
          ? AppError.validation({ images: proofImageProblem(err.message, i, files.length) })
          : err;
      });
      stored.push({
        imageKey: image.imageKey,
        thumbKey: image.thumbKey,
        width: image.width,
        height: image.height,
      });
    }
    return stored;
  } catch (err) {
    await deleteProofImages(store, stored);
    throw err;
  }
}

/** Deletes pictures no proof refers to (its transaction failed); a file left behind is only unreachable. */
export async function deleteProofImages(store: ObjectStore, images: readonly ProofImage[]) {
  await Promise.all(
    images.map((p) => deleteStoredImage(store, PROOF_BUCKET, [p.imageKey, p.thumbKey]).catch(() => {})),
  );
}
