import { dietaryLabel, isFoodCategory } from '../../../shared/catalog.ts';
import type { PublicVendorPage } from '../../../shared/schemas/vendor-profile.ts';
import { Badge } from '../../components/ui/badge.tsx';

/**
 * How the vendor works: dietary needs (food vendors), how the order reaches the customer (a cake
 * maker's pickup or delivery; another vendor comes to the venue), notice and cancellation.
 */
export function VendorService({
  vendor,
  service,
}: {
  vendor: PublicVendorPage['vendor'];
  service: PublicVendorPage['service'];
}) {
  const bakes = vendor.categories.includes('cakes');
  return (
    <section
      aria-labelledby="service-heading"
      className="lazy-render grid gap-6 [--lazy-render-height:20rem] md:grid-cols-2"
    >
      <h2 id="service-heading" className="sr-only">
        Dietary needs and ordering
      </h2>
      {/* Dietary needs are a food vendor's. */}
      {vendor.categories.some(isFoodCategory) && (
        <div className="rounded-[var(--radius-card)] bg-white p-6 ring-1 ring-cocoa-900/5">
          <h3 className="text-xl font-semibold">Dietary needs</h3>
          {service.dietaryOptions.length === 0 ? (
            <p className="mt-2 text-cocoa-600">Ask {vendor.name} about allergies and dietary needs.</p>
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2">
              {service.dietaryOptions.map((d) => (
                <li key={d}>
                  <Badge variant="soft">{dietaryLabel(d)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="rounded-[var(--radius-card)] bg-white p-6 ring-1 ring-cocoa-900/5">
        <h3 className="text-xl font-semibold">
          {bakes ? 'Pickup, delivery and cancellation' : 'At your event, and cancellation'}
        </h3>
        <ul className="mt-3 space-y-1 text-cocoa-700">
          {bakes ? (
            <>
              <li>
                {service.offersPickup ? 'Pickup available (address shared after payment)' : 'No pickup'}
              </li>
              <li>{service.offersDelivery ? 'Delivery available' : 'No delivery'}</li>
            </>
          ) : (
            <li>Comes to your venue in British Columbia</li>
          )}
          <li>
            {service.leadTimeDays === 0
              ? 'Takes orders for the same day'
              : `Needs ${service.leadTimeDays} ${service.leadTimeDays === 1 ? 'day' : 'days'}’ notice`}
          </li>
          <li>
            Cancel more than 48 hours before {bakes ? 'delivery' : 'the event'} for a full refund; within 48
            hours, {service.cancellationRefundPercent}% is refunded.
          </li>
        </ul>
      </div>
    </section>
  );
}
