import { changeCutoffAt, changesOpen, canSendProof, proofsOpenFor } from '../../../shared/proofs.ts';
import type { OrderProofs, ProofView } from '../../../shared/schemas/proofs.ts';
import type { ProofImage } from '../../db/schema/index.ts';
import { shownTo } from '../masking/index.ts';
import { ownedFileUrl } from '../storage/index.ts';
import { PROOF_BUCKET } from './images.ts';
import type { ProofOrder, ProofRow } from './service.ts';

const presentImage = (orderId: string) => (image: ProofImage) => ({
  url: ownedFileUrl(PROOF_BUCKET, orderId, image.imageKey),
  thumbUrl: ownedFileUrl(PROOF_BUCKET, orderId, image.thumbKey),
  width: image.width,
  height: image.height,
});

/** Who reads a proof, and whether the customer has paid the vendor (then nothing is masked). */
type ProofReader = { viewer: ProofOrder['viewer']; paid: boolean };

/** A round of proofs: the vendor's note and the customer's answer, each masked for the other side until paid. */
export const presentProof = (row: ProofRow, { viewer, paid }: ProofReader): ProofView => ({
  id: row.id,
  round: row.round,
  note: shownTo(row.note, { fromOtherSide: viewer === 'customer', paid }),
  images: row.images.map(presentImage(row.orderId)),
  status: row.status,
  response: shownTo(row.response, { fromOtherSide: viewer === 'vendor', paid }),
  responseImages: row.responseImages.map(presentImage(row.orderId)),
  respondedAt: row.respondedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** An order's proofs with its cut-off and what the viewer may do now (by the rules in src/shared/proofs.ts). */
export function presentOrderProofs(
  order: ProofOrder & { paid: boolean },
  rounds: ProofRow[],
  now: Date,
): OrderProofs {
  const latest = rounds.at(-1);
  const open = changesOpen({ ...order, now });
  const awaiting = order.viewer === 'customer' && proofsOpenFor(order.status) && latest?.status === 'sent';
  return {
    orderId: order.id,
    viewer: order.viewer,
    rounds: rounds.map((r) => presentProof(r, order)),
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
