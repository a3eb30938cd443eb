import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RejectItemInput, VerifyItemInput } from '../../../shared/schemas/verification.ts';
import { hasForbiddenCharacters } from '../../../shared/text.ts';
import { addCalendarDays, vancouverDay } from '../../../shared/time.ts';
import {
  checklistKinds,
  VERIFICATION_ITEMS,
  VERIFICATION_KINDS,
  type VerificationKind,
} from '../../../shared/verification.ts';
import type { Db, Tx } from '../../db/client.ts';
import { vendors, vendorVerificationItems } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { type Actor, isAdmin } from '../../actor.ts';
import { ownVendor, type VendorRow, vendorIdOf } from '../auth/index.ts';
import { publish } from '../notifications/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { checkDocument, DOCUMENT_BUCKET, storeDocument } from './documents.ts';

export type VerificationItemRow = typeof vendorVerificationItems.$inferSelect;

/** The longest an expiry date may lie ahead: a typo (2062 for 2026) is caught. */
const MAX_EXPIRY_YEARS = 10;
const DOCUMENT_NAME_MAX = 200;

/** Who may open a vendor's documents and checklist: the vendor themselves and admins; nobody else. */
export const canReadVerification = (actor: Actor, vendor: { userId: string }) =>
  isAdmin(actor) || vendor.userId === actor.id;

const notFound = () => AppError.notFound('Not found.');

/** Locks the vendor row: every change to a vendor's items is serialized, so the badge is recomputed exactly. */
async function lockVendor(tx: Tx, vendorId: string): Promise<VendorRow | undefined> {
  const [vendor] = await tx.select().from(vendors).where(eq(vendors.id, vendorId)).for('update').limit(1);
  return vendor;
}

/**
 * Sets vendors.verified to what the checklist of the vendor's categories says on the Vancouver day
 * `today`: every item verified and not past its last valid day. Call it in the transaction of every
 * change (vendor row locked), a change of the vendor's categories included.
 */
export async function recomputeVerified(
  tx: Db | Tx,
  { vendorId, today }: { vendorId: string; today: string },
): Promise<boolean> {
  const [vendor] = await tx
    .select({ categories: vendors.categories })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  if (!vendor) return false;
  const kinds = checklistKinds(vendor.categories);
  const complete = sql<boolean>`(
    SELECT count(*) = ${kinds.length}
    FROM ${vendorVerificationItems} i
    WHERE i.vendor_id = ${vendorId}
      AND i.kind IN (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      AND i.status = 'verified'
      AND (i.expires_on IS NULL OR i.expires_on >= ${today}::date))`;
  const [row] = await tx
    .update(vendors)
    .set({ verified: complete })
    .where(eq(vendors.id, vendorId))
    .returning({ verified: vendors.verified });
  return row?.verified ?? false;
}

const itemsOf = (db: Db | Tx, vendorId: string) =>
  db.select().from(vendorVerificationItems).where(eq(vendorVerificationItems.vendorId, vendorId));

/** A vendor's checklist: their own (`vendorId` unset), or any vendor's for an admin. */
export async function getChecklist({
  db,
  actor,
  vendorId,
}: {
  db: Db;
  actor: Actor;
  vendorId?: string;
}): Promise<{ vendor: VendorRow; items: VerificationItemRow[] }> {
  let vendor: VendorRow | undefined;
  if (vendorId === undefined) vendor = await ownVendor({ db, actor });
  else {
    [vendor] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
    if (!vendor || !canReadVerification(actor, vendor)) throw notFound();
  }
  return { vendor, items: await itemsOf(db, vendor.id) };
}

/**
 * Uploads (or replaces) the signed-in vendor's document for one item: checked by content, stored
 * privately, and sent for review. A replaced verified document is no longer verified, so the badge is
 * recomputed in the same transaction; the old file is deleted once the new one is recorded.
 */
export async function uploadDocument({
  db,
  store,
  actor,
  kind,
  file,
  now,
}: {
  db: Db;
  store: ObjectStore;
  actor: Actor;
  kind: VerificationKind;
  file: { name: string; bytes: Uint8Array };
  now: Date;
}): Promise<{ item: VerificationItemRow; verified: boolean }> {
  const vendor = await ownVendor({ db, actor });
  if (vendor.status === 'rejected')
    throw AppError.forbidden('Your application was not approved, so there is nothing to verify.');
  if (!checklistKinds(vendor.categories).includes(kind))
    throw AppError.validation({ kind: 'This item is not on the checklist of your categories.' });
  if (hasForbiddenCharacters(file.name)) throw AppError.validation({ file: 'The file name is not valid.' });
  const document = await checkDocument(file.bytes);
  const key = await storeDocument(store, vendor.id, document);
  const documentName = file.name.trim().slice(0, DOCUMENT_NAME_MAX) || 'document';
  let oldKey: string | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      await lockVendor(tx, vendor.id);
      const [previous] = await tx
        .select({ key: vendorVerificationItems.documentKey })
        .from(vendorVerificationItems)
        .where(and(eq(vendorVerificationItems.vendorId, vendor.id), eq(vendorVerificationItems.kind, kind)));
      oldKey = previous?.key;
      const fresh = {
        status: 'submitted' as const,
        documentKey: key,
        documentName,
        documentType: document.type,
        documentBytes: document.body.byteLength,
        note: null,
        expiresOn: null,
        reviewedBy: null,
        reviewedAt: null,
        expiryNoticeAt: null,
        submittedAt: now,
        updatedAt: now,
      };
      const [item] = await tx
        .insert(vendorVerificationItems)
        .values({ id: crypto.randomUUID(), vendorId: vendor.id, kind, ...fresh })
        .onConflictDoUpdate({
          target: [vendorVerificationItems.vendorId, vendorVerificationItems.kind],
          set: fresh,
        })
        .returning();
      return {
        item: item!,
        verified: await recomputeVerified(tx, { vendorId: vendor.id, today: vancouverDay(now) }),
      };
    });
    if (oldKey && oldKey !== key) await store.delete(DOCUMENT_BUCKET, oldKey).catch(() => undefined);
    return result;
  } catch (err) {
    await store.delete(DOCUMENT_BUCKET, key).catch(() => undefined);
    throw err;
  }
}

/** A document's bytes for someone who may read it; anyone else (or a missing item) gets 404. */
export async function readDocument({
  db,
  store,
  actor,
  vendorId,
  kind,
}: {
  db: Db;
  store: ObjectStore;
  actor: Actor;
  vendorId?: string;
  kind: VerificationKind;
}) {
  const ofVendor = vendorId ?? (await vendorIdOf({ db, actor }));
  if (ofVendor === null) throw notFound();
  const [row] = await db
    .select({ item: vendorVerificationItems, userId: vendors.userId })
    .from(vendorVerificationItems)
    .innerJoin(vendors, eq(vendors.id, vendorVerificationItems.vendorId))
    .where(and(eq(vendorVerificationItems.kind, kind), eq(vendors.id, ofVendor)))
    .limit(1);
  if (!row || !canReadVerification(actor, row)) throw notFound();
  const object = await store.get(DOCUMENT_BUCKET, row.item.documentKey);
  if (!object) throw notFound();
  return { item: row.item, object };
}

/** Submitted documents waiting for an admin, oldest first (the queue is worked from its front). */
export async function listQueue({ db, actor }: { db: Db; actor: Actor }) {
  if (!isAdmin(actor)) throw AppError.forbidden();
  return db
    .select({
      item: vendorVerificationItems,
      businessName: vendors.businessName,
      vendorStatus: vendors.status,
    })
    .from(vendorVerificationItems)
    .innerJoin(vendors, eq(vendors.id, vendorVerificationItems.vendorId))
    .where(eq(vendorVerificationItems.status, 'submitted'))
    .orderBy(asc(vendorVerificationItems.submittedAt), asc(vendorVerificationItems.id))
    .limit(200);
}

export type Decision = { verify: true; input: VerifyItemInput } | { verify: false; input: RejectItemInput };

/**
 * An admin verifies (with the document's last valid day where it has one) or rejects (with a note)
 * the document the vendor last uploaded; a decision about an older upload is refused (409). The
 * badge is recomputed and the vendor told, in the same transaction.
 */
export async function reviewItem({
  db,
  actor,
  vendorId,
  kind,
  decision,
  now,
}: {
  db: Db;
  actor: Actor;
  vendorId: string;
  kind: VerificationKind;
  decision: Decision;
  now: Date;
}): Promise<{ item: VerificationItemRow; verified: boolean }> {
  if (!isAdmin(actor)) throw AppError.forbidden();
  const today = vancouverDay(now);
  const expiresOn =
    decision.verify && VERIFICATION_ITEMS[kind].expires ? decision.input.expiresOn : undefined;
  if (expiresOn !== undefined) {
    // The expiry date is the last valid day: a document valid only today would lose the badge tonight.
    if (expiresOn <= today)
      throw AppError.validation({
        expiresOn:
          expiresOn < today
            ? 'This document has expired: the expiry date must be after today.'
            : 'This document expires today: the expiry date must be after today.',
      });
    if (expiresOn > addCalendarDays(today, MAX_EXPIRY_YEARS * 366))
      throw AppError.validation({ expiresOn: `The expiry date must be within ${MAX_EXPIRY_YEARS} years.` });
  }
  return db.transaction(async (tx) => {
    const vendor = await lockVendor(tx, vendorId);
    if (!vendor) throw notFound();
    const [current] = await tx
      .select()
      .from(vendorVerificationItems)
      .where(and(eq(vendorVerificationItems.vendorId, vendorId), eq(vendorVerificationItems.kind, kind)));
    if (!current) throw notFound();
    if (current.submittedAt.getTime() !== Date.parse(decision.input.submittedAt))
      throw new AppError(
        'CONFLICT',
        409,
        'The vendor uploaded a new document meanwhile. Please review it again.',
      );
    const note = decision.input.note?.trim() || null;
    const status = decision.verify ? 'verified' : 'rejected';
    // The same decision again (a second click, two admins at once) changes nothing and tells nobody.
    if (current.status === status && current.note === note && current.expiresOn === (expiresOn ?? null))
      return { item: current, verified: vendor.verified };
    const [item] = await tx
      .update(vendorVerificationItems)
      .set({
        status,
        note,
        expiresOn: expiresOn ?? null,
        reviewedBy: actor.id,
        reviewedAt: now,
        // A new expiry date gets its own notice; the same one keeps the notice already sent.
        expiryNoticeAt: current.expiresOn === (expiresOn ?? null) ? current.expiryNoticeAt : null,
        updatedAt: now,
      })
      .where(eq(vendorVerificationItems.id, current.id))
      .returning();
    const verified = await recomputeVerified(tx, { vendorId, today });
    await publish(tx, {
      type: 'verification.reviewed',
      userIds: [vendor.userId],
      refs: { vendorId, item: kind, decision: decision.verify ? 'verified' : 'rejected' },
      actorId: actor.id,
      now,
    });
    return { item: item!, verified };
  });
}

/** The verified, unexpired items of approved vendors, for their public pages. */
export async function publicChecks(db: Db, { vendorId, now }: { vendorId: string; now: Date }) {
  const today = vancouverDay(now);
  const rows = await db
    .select({
      kind: vendorVerificationItems.kind,
      reviewedAt: vendorVerificationItems.reviewedAt,
      expiresOn: vendorVerificationItems.expiresOn,
    })
    .from(vendorVerificationItems)
    .where(
      and(
        eq(vendorVerificationItems.vendorId, vendorId),
        eq(vendorVerificationItems.status, 'verified'),
        inArray(vendorVerificationItems.kind, [...VERIFICATION_KINDS]),
      ),
    );
  return rows.filter((r) => r.expiresOn === null || r.expiresOn >= today);
}
