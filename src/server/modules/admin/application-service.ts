import { and, desc, eq, exists } from 'drizzle-orm';
import type { VendorApplication } from '../../../shared/schemas/admin.ts';
import type { Db } from '../../db/client.ts';
import { users, vendors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';
import { publish } from '../notifications/index.ts';

export async function listApplications({
  db,
  status,
}: {
  db: Db;
  status: VendorApplication['status'];
}): Promise<VendorApplication[]> {
  const rows = await db
    .select({ vendor: vendors, email: users.email, emailVerified: users.emailVerified })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.userId))
    .where(eq(vendors.status, status))
    .orderBy(desc(vendors.createdAt), desc(vendors.id))
    .limit(200);
  return rows.map(({ vendor: v, email, emailVerified }) => ({
    id: v.id,
    businessName: v.businessName,
    businessAddress: v.businessAddress,
    specialty: v.specialty,
    category: v.category,
    categories: v.categories,
    location: v.location,
    phone: v.phone,
    email,
    emailVerified,
    status: v.status as VendorApplication['status'],
    rejectionReason: v.rejectionReason,
    createdAt: v.createdAt.toISOString(),
  }));
}

export const UNCONFIRMED_EMAIL_MESSAGE = 'This vendor has not confirmed their e-mail address yet.';

/**
 * Approves (visible in search) or rejects (with the reason) a pending application and
 * tells the vendor (a notification and its e-mail, in the same transaction). Only pending applications can be decided, so two admins cannot both decide;
 * only a vendor who confirmed their e-mail can be approved (checked in the same statement).
 */
export async function decideApplication({
  db,
  actor,
  vendorId,
  decision,
}: {
  db: Db;
  actor: Actor;
  vendorId: string;
  decision: { approve: true } | { approve: false; reason: string };
}) {
  if (actor.role !== 'admin') throw AppError.forbidden();
  // The Verified badge is not the approval: it follows the checklist (modules/verification).
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(vendors)
      .set(
        decision.approve
          ? { status: 'approved', rejectionReason: null, updatedAt: new Date() }
          : { status: 'rejected', rejectionReason: decision.reason, updatedAt: new Date() },
      )
      .where(
        and(
          eq(vendors.id, vendorId),
          eq(vendors.status, 'pending'),
          decision.approve
            ? exists(
                tx
                  .select({ id: users.id })
                  .from(users)
                  .where(and(eq(users.id, vendors.userId), eq(users.emailVerified, true))),
              )
            : undefined,
        ),
      )
      .returning({
        id: vendors.id,
        businessName: vendors.businessName,
        userId: vendors.userId,
        status: vendors.status,
      });
    if (row) {
      const type = decision.approve ? 'vendor.approved' : 'vendor.rejected';
      await publish(tx, { type, userIds: [row.userId], refs: { vendorId: row.id }, actorId: actor.id });
    }
    return row;
  });
  if (!updated) {
    const [current] = await db
      .select({ status: vendors.status })
      .from(vendors)
      .where(eq(vendors.id, vendorId))
      .limit(1);
    if (!current) throw AppError.notFound('Application not found');
    if (decision.approve && current.status === 'pending')
      throw new AppError('CONFLICT', 409, UNCONFIRMED_EMAIL_MESSAGE);
    throw new AppError('CONFLICT', 409, `This application was already ${current.status}.`);
  }
  return updated;
}
