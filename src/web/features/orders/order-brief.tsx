import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { dietaryLabel } from '../../../shared/catalog.ts';
import { formatCents } from '../../../shared/money.ts';
import type { OrderDetail } from '../../../shared/schemas/orders.ts';
import { briefTitle, fulfillmentLabel } from '../../../shared/quote-brief.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { DesignLockNote } from '../proofs/design-lock.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_1fr] gap-x-3 sm:grid-cols-[8rem_1fr]">
      <dt className="text-cocoa-500">{label}</dt>
      <dd className="min-w-0 break-words text-cocoa-900">{children}</dd>
    </div>
  );
}

/** Where the cake goes: the delivery address, or the vendor's pickup address once the order is paid. */
function Fulfillment({ order }: { order: OrderDetail }) {
  if (order.brief?.kind === 'event')
    return (
      <>
        {fulfillmentLabel(order.brief)}: {order.brief.venueAddress}
      </>
    );
  if (order.fulfillment === 'delivery')
    return <>Delivery to {order.brief?.deliveryAddress ?? 'the address agreed'}</>;
  if (order.viewer === 'vendor') return <>Pickup at your shop</>;
  if (order.pickupAddress)
    return (
      <span className="inline-flex items-start gap-1">
        <MapPin className="mt-0.5 size-4 shrink-0 text-rose-500" aria-hidden />
        <span>Pickup at {order.pickupAddress}</span>
      </span>
    );
  return <>Pickup: the vendor’s address is shared after payment.</>;
}

/**
 * What both sides agreed when the quote was accepted: the design and the brief as they were then
 * (later edits of the saved design change nothing here), so the vendor bakes to them, allergies and
 * notes included.
 */
export function OrderBrief({ order }: { order: OrderDetail }) {
  if (order.brief?.kind === 'event') return <EventOrderBrief order={order} brief={order.brief} />;
  const { design } = order;
  const brief = order.brief?.kind === 'cake' ? order.brief : null;
  const budget = brief && [brief.budgetMinCents, brief.budgetMaxCents].filter((c) => c !== undefined);
  return (
    <section aria-label="What was agreed" className="rounded-2xl bg-cream-100 p-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        {design?.imageUrl && (
          <img
            src={design.imageUrl}
            alt={`The agreed ${design.occasion} cake design`}
            loading="lazy"
            className="size-28 shrink-0 rounded-xl bg-cream-200 object-cover"
          />
        )}
        <div className="min-w-0 flex-1">
          {/* Not a heading: the order it belongs to has its own, at whatever level the page gives it. */}
          <p className="font-semibold text-cocoa-900">
            {brief?.occasion ?? design?.occasion ?? 'Custom'} cake
            {order.deliveryDate && (
              <span className="font-normal text-cocoa-600"> · {formatDateTime(order.deliveryDate)}</span>
            )}
          </p>
          {design?.description && <p className="mt-1 text-sm text-cocoa-700">{design.description}</p>}
          <dl className="mt-3 space-y-1.5 text-sm">
            {(brief || design) && (
              <Row label="Cake">
                {[brief?.flavor ?? design?.flavor, brief?.size ?? design?.size].filter(Boolean).join(', ')}
                {brief && `, serves ${brief.servings}`}
              </Row>
            )}
            <Row label="Where">
              <Fulfillment order={order} />
            </Row>
            {brief?.allergies && <Row label="Allergies">{brief.allergies}</Row>}
            {brief && brief.dietary.length > 0 && (
              <Row label="Dietary">{brief.dietary.map(dietaryLabel).join(', ')}</Row>
            )}
            {brief?.notes && <Row label="Notes">“{brief.notes}”</Row>}
            {budget && budget.length > 0 && (
              <Row label="Budget">{budget.map((c) => formatCents(c)).join(' – ')}</Row>
            )}
          </dl>
          <DesignLockNote order={order} />
        </div>
      </div>
    </section>
  );
}

type EventBriefView = Extract<NonNullable<OrderDetail['brief']>, { kind: 'event' }>;

/** What was agreed with an event vendor: what for, when and where, the package, notes and budget. */
function EventOrderBrief({ order, brief }: { order: OrderDetail; brief: EventBriefView }) {
  const budget = [brief.budgetMinCents, brief.budgetMaxCents].filter((c) => c !== undefined);
  return (
    <section aria-label="What was agreed" className="rounded-2xl bg-cream-100 p-4">
      <p className="font-semibold text-cocoa-900">
        {briefTitle(brief)}
        {order.deliveryDate && (
          <span className="font-normal text-cocoa-600"> · {formatDateTime(order.deliveryDate)}</span>
        )}
      </p>
      <dl className="mt-3 space-y-1.5 text-sm">
        {brief.packageName && <Row label="Package">{brief.packageName}</Row>}
        <Row label="Where">
          <Fulfillment order={order} />
        </Row>
        <Row label="Guests">{brief.guests}</Row>
        {brief.notes && <Row label="Notes">“{brief.notes}”</Row>}
        {budget.length > 0 && <Row label="Budget">{budget.map((c) => formatCents(c)).join(' – ')}</Row>}
      </dl>
    </section>
  );
}
