import { changeCutoffAt, changesOpen, canSendProof, proofsOpenFor } from '../../../shared/proofs.ts';
import type { OrderProofs, ProofView } from '../../../shared/schemas/proofs.ts';
import type { ProofImage } from '../../db/schema/index.ts';
import { fileUrl } from '../storage/images.ts';
import { PROOF_BUCKET } from './images.ts';
import type { ProofOrder, ProofRow } from './service.ts';

const presentImage = (image: ProofImage) => ({
  url: fileUrl(PROOF_BUCKET, image.imageKey),
  thumbUrl: fileUrl(PROOF_BUCKET, image.thumbKey),
  width: image.width,
  height: image.height,
});

export const presentProof = (row: ProofRow): ProofView => ({
  id: row.id,
  round: row.round,
  note: row.note,
  images: row.images.map(presentImage),
  status: row.status,
  response: row.response,
  responseImages: row.responseImages.map(presentImage),
  respondedAt: row.respondedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** An order's proofs with its cut-off and what the viewer may do now (by the rules in src/shared/proofs.ts). */
export function presentOrderProofs(order: ProofOrder, rounds: ProofRow[], now: Date): OrderProofs {
  const latest = rounds.at(-1);
  const open = changesOpen({ ...order, now });
  const awaiting = order.viewer === 'customer' && proofsOpenFor(order.status) && latest?.status === 'sent';
  return {
    orderId: order.id,
    viewer: order.viewer,
    rounds: rounds.map(presentProof),
    changes: {
      cutoffHours: order.cutoffHours,
      closesAt: changeCutoffAt(order.deliveryDate, order.cutoffHours)?.toISOString() ?? null,
      open,
    },
    can: {
      send: order.viewer === 'vendor' && canSendProof(order.status, latest?.status),
      approve: awaiting,
      requestChanges: awaiting && open,
    },
  };
}
