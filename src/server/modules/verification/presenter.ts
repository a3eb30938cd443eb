import type {
  PublicVerification,
  VerificationChecklist,
  VerificationItem,
  VerificationQueue,
} from '../../../shared/schemas/verification.ts';
import { vancouverDay } from '../../../shared/time.ts';
import {
  checklistKinds,
  expiresSoon,
  VERIFICATION_ITEMS,
  VERIFICATION_KINDS,
  verificationLabel,
  verificationState,
  type VerificationDocumentType,
  type VerificationKind,
} from '../../../shared/verification.ts';
import type { VerificationItemRow } from './service.ts';

/** Where a document is opened: the vendor's own route, or the admins' route for that vendor. */
export type DocumentAudience = { vendor: true } | { adminVendorId: string };

const documentUrl = (kind: VerificationKind, audience: DocumentAudience) =>
  'vendor' in audience
    ? `/api/me/vendor-profile/verification/items/${kind}/document`
    : `/api/admin/verification/vendors/${encodeURIComponent(audience.adminVendorId)}/items/${kind}/document`;

export function presentItem(
  kind: VerificationKind,
  row: VerificationItemRow | undefined,
  now: Date,
  audience: DocumentAudience,
): VerificationItem {
  const today = vancouverDay(now);
  const { label, description, required, expires } = VERIFICATION_ITEMS[kind];
  return {
    kind,
    label,
    description,
    required,
    expires,
    state: verificationState(row, today),
    document: row
      ? {
          name: row.documentName,
          // Written only from checkDocument's result.
          type: row.documentType as VerificationDocumentType,
          bytes: row.documentBytes,
          url: documentUrl(kind, audience),
        }
      : null,
    note: row?.note ?? null,
    expiresOn: row?.expiresOn ?? null,
    expiresSoon: row ? expiresSoon(row, today) : false,
    submittedAt: row?.submittedAt.toISOString() ?? null,
    reviewedAt: row?.reviewedAt?.toISOString() ?? null,
  };
}

/** Every item of the checklist of the vendor's categories, in the checklist's order, uploaded or not. */
export function presentChecklist(
  vendor: { id: string; businessName: string; verified: boolean; categories: string[] },
  rows: VerificationItemRow[],
  now: Date,
  audience: DocumentAudience,
): VerificationChecklist {
  return {
    vendorId: vendor.id,
    businessName: vendor.businessName,
    verified: vendor.verified,
    items: checklistKinds(vendor.categories).map((kind) =>
      presentItem(
        kind,
        rows.find((r) => r.kind === kind),
        now,
        audience,
      ),
    ),
  };
}

export function presentQueue(
  rows: { item: VerificationItemRow; businessName: string; vendorStatus: string }[],
): VerificationQueue {
  return {
    items: rows.map(({ item, businessName, vendorStatus }) => ({
      vendorId: item.vendorId,
      businessName,
      vendorStatus,
      kind: item.kind,
      label: verificationLabel(item.kind),
      documentName: item.documentName,
      submittedAt: item.submittedAt.toISOString(),
    })),
  };
}

/** What the public page says: the labels of the checked items and when the latest was checked. */
export function presentPublicChecks(
  rows: { kind: VerificationKind; reviewedAt: Date | null }[],
): PublicVerification | null {
  if (rows.length === 0) return null;
  const checkedAt = Math.max(...rows.map((r) => r.reviewedAt?.getTime() ?? 0));
  return {
    items: VERIFICATION_KINDS.filter((k) => rows.some((r) => r.kind === k)).map((kind) => ({
      kind,
      label: verificationLabel(kind),
    })),
    checkedAt: new Date(checkedAt).toISOString(),
  };
}
