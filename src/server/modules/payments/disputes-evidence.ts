import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { formatCents } from '../../../shared/money.ts';
import { displayName } from '../../../shared/people.ts';
import type { DisputeDetail, DisputeEvidenceView } from '../../../shared/schemas/disputes.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  claims,
  disputeOrders,
  disputes,
  messages,
  orderProofs,
  orders,
  users,
  vendors,
  type DisputeEvidence,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { orderTimeline } from '../orders/index.ts';
import { cancelDisputeReminders } from './disputes-jobs.ts';
import { disputeById, disputeSummaries } from './disputes-queue.ts';
import { isClosedDispute } from './disputes.ts';
import type { DisputeEvidenceFiles, PaymentProcessor } from './processor.ts';
import type { ObjectStore } from '../storage/index.ts';

/**
 * The evidence Frosted holds for a dispute, from each of its orders: the order and its agreed brief
 * and design, its timeline (with the delivery photo), the proofs, the messages about it, a claim, and
 * the vendor's note. Sent as the text fields of the processor's evidence; Stripe allows 150,000
 * characters in all, so the free text is kept well under it.
 */
const TEXT_MAX = 20_000;
const MESSAGES_MAX = 100;

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const briefLines = (brief: unknown): string[] =>
  brief && typeof brief === 'object'
    ? Object.entries(brief as Record<string, unknown>)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number)}`)
    : [];

async function orderSections(db: Db | Tx, orderId: string, vendorNote: string | null) {
  const [order] = await db
    .select({ order: orders, vendorName: vendors.businessName })
    .from(orders)
    .innerJoin(vendors, eq(vendors.id, orders.vendorId))
    .where(eq(orders.id, orderId));
  if (!order) return { sections: [], order: undefined, photo: undefined };
  const o = order.order;
  const timeline = await orderTimeline(db, orderId);
  const proofs = await db
    .select()
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(asc(orderProofs.round));
  const said = await db
    .select({ at: messages.createdAt, body: messages.body, sender: users.name, senderId: users.id })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.orderId, orderId))
    .orderBy(desc(messages.createdAt))
    .limit(MESSAGES_MAX);
  const [claim] = await db.select().from(claims).where(eq(claims.orderId, orderId));
  const head = `Order ${o.orderNumber}`;
  const sections = [
    {
      title: `${head}: the order`,
      lines: [
        `Vendor: ${order.vendorName}`,
        `Amount: ${formatCents(o.amount)}`,
        `Delivery date: ${o.deliveryDate ? when(o.deliveryDate) : 'none'}`,
        `Status: ${o.status}`,
      ],
    },
    { title: `${head}: agreed brief`, lines: briefLines(o.brief) },
    { title: `${head}: agreed design`, lines: briefLines(o.designSnapshot) },
    {
      title: `${head}: timeline`,
      lines: timeline.map(
        (e) =>
          `${when(e.createdAt)} ${e.fromStatus ?? 'created'} → ${e.toStatus} (${e.party})${e.note ? `: ${e.note}` : ''}${e.photoKey ? ' [delivery photo on file]' : ''}`,
      ),
    },
    {
      title: `${head}: proofs`,
      lines: proofs.map(
        (p) =>
          `Round ${p.round} (${p.status}), ${p.images.length} picture(s)${p.note ? `: ${p.note}` : ''}${p.response ? ` — customer: ${p.response}` : ''}`,
      ),
    },
    {
      title: `${head}: messages`,
      lines: said
        .reverse()
        .map((m) => `${when(m.at)} ${m.senderId === o.customerId ? 'Customer' : m.sender}: ${m.body}`),
    },
    {
      title: `${head}: satisfaction claim`,
      lines: claim
        ? [
            `Opened ${when(claim.createdAt)}: ${claim.description}`,
            ...(claim.vendorResponse ? [`Vendor: ${claim.vendorResponse}`] : []),
            ...(claim.outcome
              ? [`Resolved: ${claim.outcome}${claim.adminNote ? ` (${claim.adminNote})` : ''}`]
              : []),
          ]
        : ['No claim was opened.'],
    },
    { title: `${head}: the vendor’s note`, lines: vendorNote ? [vendorNote] : [] },
  ];
  // The newest delivery photo: proof of delivery, sent as a file with the evidence.
  const photo = timeline.filter((e) => e.photoKey).sort((a, b) => +b.createdAt - +a.createdAt)[0];
  return { sections: sections.filter((s) => s.lines.length > 0), order: o, photo };
}

/** The evidence's files as the processor takes them: the delivery photo, read from storage. */
async function evidenceFiles(
  store: ObjectStore,
  evidence: DisputeEvidence,
  log: Logger,
): Promise<DisputeEvidenceFiles> {
  if (!evidence.deliveryPhotoKey) return {};
  const photo = await store.get('deliveries', evidence.deliveryPhotoKey);
  if (!photo) {
    log.warn({ key: evidence.deliveryPhotoKey }, 'the delivery photo of a dispute is missing from storage');
    return {};
  }
  const extension = evidence.deliveryPhotoKey.split('.').pop() ?? 'webp';
  return {
    shippingDocumentation: {
      name: `delivery-photo.${extension}`,
      contentType: photo.contentType,
      bytes: photo.body,
    },
  };
}

/** The evidence of one dispute, read now from the modules that hold it. */
export async function assembleEvidence(db: Db | Tx, disputeId: string): Promise<DisputeEvidenceView> {
  return (await gatherEvidence(db, disputeId)).view;
}

/** The evidence as shown, and the key of the newest delivery photo of its orders (sent as a file). */
async function gatherEvidence(db: Db | Tx, disputeId: string) {
  const shares = await db
    .select()
    .from(disputeOrders)
    .where(eq(disputeOrders.disputeId, disputeId))
    .orderBy(asc(disputeOrders.orderId));
  const parts = await Promise.all(shares.map((s) => orderSections(db, s.orderId, s.vendorNote)));
  const sections = parts.flatMap((p) => p.sections);
  const first = parts.find((p) => p.order)?.order;
  const [customer] = first
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, name: users.name })
        .from(users)
        .where(eq(users.id, first.customerId))
    : [];
  const text = sections.map((s) => `${s.title}\n${s.lines.join('\n')}`).join('\n\n');
  const photo = parts
    .map((p) => p.photo)
    .filter((e) => e !== undefined)
    .sort((a, b) => +b.createdAt - +a.createdAt)[0];
  const view: DisputeEvidenceView = {
    sections,
    productDescription: sections
      .filter((s) => s.title.endsWith('agreed brief'))
      .map((s) => s.lines.join('; '))
      .join('\n')
      .slice(0, 1_000),
    customerName: customer ? displayName(customer) : '',
    serviceDate: first?.deliveryDate ? first.deliveryDate.toISOString().slice(0, 10) : '',
    uncategorizedText: text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text,
  };
  return { view, deliveryPhotoKey: photo?.photoKey ?? null };
}

export async function disputeDetail(db: Db, disputeId: string): Promise<DisputeDetail> {
  const row = await disputeById(db, disputeId);
  const [summary] = await disputeSummaries(db, [row]);
  return { ...summary!, evidence: await assembleEvidence(db, disputeId) };
}

export const DISPUTE_MESSAGES = {
  closed: 'This dispute is decided: evidence can no longer be sent.',
  submitted: 'The evidence for this dispute has already been submitted.',
  late: 'The evidence for this dispute was due before now: the processor no longer takes it.',
  inquiry: 'This dispute is not waiting for evidence.',
} as const;

/**
 * An admin submits the evidence to the processor, before it is due. Recorded before the call (what is
 * sent, and that it is being sent: the vendor's note closes then) and after; the call carries a key of
 * the dispute's, and a retry after a failure or a crash sends the evidence first recorded, so the
 * processor receives it once.
 */
export async function submitDisputeEvidence({
  db,
  processor,
  store,
  disputeId,
  now,
  log,
}: {
  db: Db;
  processor: PaymentProcessor;
  /** Where the delivery photo is kept: it goes with the evidence as a file. */
  store: ObjectStore;
  disputeId: string;
  now: Date;
  log: Logger;
}): Promise<DisputeDetail> {
  const evidence = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(disputes).where(eq(disputes.id, disputeId)).for('update');
    if (!row) throw AppError.notFound('Dispute not found.');
    if (isClosedDispute(row.status)) throw new AppError('CONFLICT', 409, DISPUTE_MESSAGES.closed);
    if (row.evidenceSubmittedAt) throw new AppError('CONFLICT', 409, DISPUTE_MESSAGES.submitted);
    if (row.status !== 'needs_response' && row.status !== 'warning_needs_response')
      throw new AppError('CONFLICT', 409, DISPUTE_MESSAGES.inquiry);
    if (row.dueBy && row.dueBy <= now) throw new AppError('CONFLICT', 409, DISPUTE_MESSAGES.late);
    if (row.evidence && row.evidenceSubmittingAt) return row.evidence;
    const { view, deliveryPhotoKey } = await gatherEvidence(tx, disputeId);
    const { productDescription, customerName, serviceDate, uncategorizedText } = view;
    const text: DisputeEvidence = {
      productDescription,
      customerName,
      serviceDate,
      uncategorizedText,
      deliveryPhotoKey,
    };
    await tx
      .update(disputes)
      .set({ evidence: text, evidenceSubmittingAt: now, updatedAt: now })
      .where(eq(disputes.id, disputeId));
    return text;
  });
  const [row] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
  try {
    const { deliveryPhotoKey: _photo, ...fields } = evidence;
    const { status } = await processor.submitDisputeEvidence({
      disputeRef: row!.providerRef,
      evidence: fields,
      files: await evidenceFiles(store, evidence, log),
      idempotencyKey: `dispute_evidence:${disputeId}`,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(disputes)
        .set({
          evidenceSubmittedAt: now,
          evidenceError: null,
          updatedAt: now,
          // The processor's status after the submission, unless an event has closed it meanwhile.
          ...(status === 'under_review' || status === 'warning_under_review' ? { status } : {}),
        })
        .where(and(eq(disputes.id, disputeId), isNull(disputes.closedAt)));
      await cancelDisputeReminders(tx, disputeId);
    });
  } catch (err) {
    log.error({ err, disputeId }, 'dispute evidence not submitted');
    await db
      .update(disputes)
      .set({
        evidenceError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
        updatedAt: now,
      })
      .where(eq(disputes.id, disputeId));
    throw err;
  }
  return disputeDetail(db, disputeId);
}
