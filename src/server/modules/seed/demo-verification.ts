import { inArray } from 'drizzle-orm';
import { addCalendarDays, addDays, vancouverDay } from '../../../shared/time.ts';
import { checklistKinds, VERIFICATION_ITEMS } from '../../../shared/verification.ts';
import type { Tx } from '../../db/client.ts';
import { vendorVerificationItems } from '../../db/schema/index.ts';
import type { ObjectStore } from '../storage/index.ts';
import { DOCUMENT_BUCKET } from '../verification/index.ts';
import { recomputeVerified } from '../verification/index.ts';

/**
 * A one-page PDF saying what it is (a demo stand-in, not a real permit): valid enough for any viewer,
 * built by hand so the seed needs no PDF library. Offsets in the cross-reference table are exact.
 */
export function demoPdf(lines: string[]): Uint8Array {
  const escape = (text: string) => text.replace(/[^\x20-\x7e]/g, '-').replace(/([\\()])/g, '\\$1');
  const stream = [
    'BT /F1 14 Tf 72 760 Td 18 TL',
    ...lines.map((line) => `(${escape(line)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const demoKey = (vendorId: string, kind: string) => `demo/${vendorId}/${kind.replace(/_/g, '-')}.pdf`;

/**
 * The demo vendors' verified checklists: each item a small PDF in the private bucket (written again on
 * every run under the same key, so seeding stays idempotent), verified by the demo administrator with
 * expiry dates months ahead, and the badge recomputed from them.
 */
export async function seedDemoVerification({
  tx,
  store,
  now,
  vendors,
  reviewerId,
}: {
  tx: Tx;
  store: ObjectStore;
  now: Date;
  /** With their categories: each gets its own checklist (food safety, or a business licence). */
  vendors: { id: string; businessName: string; categories?: readonly string[] }[];
  reviewerId: string | null;
}) {
  const today = vancouverDay(now);
  const rows = [];
  for (const [v, vendor] of vendors.entries()) {
    for (const [k, kind] of checklistKinds(vendor.categories ?? ['cakes']).entries()) {
      const { label, expires } = VERIFICATION_ITEMS[kind];
      const bytes = demoPdf([
        `${label} - ${vendor.businessName}`,
        'Frosted demo document: a stand-in for the real certificate.',
      ]);
      const key = demoKey(vendor.id, kind);
      await store.put(DOCUMENT_BUCKET, key, bytes, 'application/pdf');
      const reviewedAt = addDays(now, -(20 + v * 3));
      rows.push({
        id: `${vendor.id}-verification-${kind}`,
        vendorId: vendor.id,
        kind,
        status: 'verified' as const,
        documentKey: key,
        documentName: `${kind.replace(/_/g, '-')}.pdf`,
        documentType: 'application/pdf',
        documentBytes: bytes.byteLength,
        note: 'Demo document checked.',
        expiresOn: expires ? addCalendarDays(today, 120 + v * 40 + k * 25) : null,
        reviewedBy: reviewerId,
        reviewedAt,
        submittedAt: addDays(reviewedAt, -1),
        updatedAt: reviewedAt,
      });
    }
  }
  await tx.insert(vendorVerificationItems).values(rows).onConflictDoNothing();
  for (const vendor of vendors) await recomputeVerified(tx, { vendorId: vendor.id, today });
}

/** The documents' keys of the demo vendors about to be deleted, to delete their files afterwards. */
export async function demoDocumentKeys(tx: Tx, vendorIds: string[]): Promise<string[]> {
  if (vendorIds.length === 0) return [];
  const rows = await tx
    .select({ key: vendorVerificationItems.documentKey })
    .from(vendorVerificationItems)
    .where(inArray(vendorVerificationItems.vendorId, vendorIds));
  return rows.map((r) => r.key);
}

export const deleteDocuments = (store: ObjectStore, keys: string[]) =>
  Promise.allSettled(keys.map((key) => store.delete(DOCUMENT_BUCKET, key)));
