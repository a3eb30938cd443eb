import { BadgeCheck, Clock, MapPin, Package } from 'lucide-react';
import type { VendorCard } from '../../../shared/schemas/vendors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { ordersText, responseTimeText } from './format.ts';
import { RatingText } from './rating-text.tsx';

/** The Verified badge in the top left corner of a vendor card's picture, for a verified vendor. */
export function VerifiedCorner({ vendor }: { vendor: VendorCard }) {
  if (!vendor.verified) return null;
  return (
    <Badge variant="verified" className="absolute left-3 top-3 bg-white/95 shadow-sm">
      <BadgeCheck aria-hidden /> Verified
    </Badge>
  );
}

/** A vendor card's facts: location, rating, completed orders (with `orders`) and response time. */
export function VendorFacts({
  vendor,
  orders = false,
  className,
}: {
  vendor: VendorCard;
  orders?: boolean;
  className: string;
}) {
  return (
    <ul className={className}>
      <li className="flex items-center gap-1.5">
        <MapPin className="size-4 text-cocoa-400" aria-hidden /> {vendor.locationLabel}
      </li>
      <li className="flex items-center gap-1.5">
        <RatingText rating={vendor.rating} reviewCount={vendor.reviewCount} />
      </li>
      {orders && (
        <li className="flex items-center gap-1.5">
          <Package className="size-4 text-cocoa-400" aria-hidden /> {ordersText(vendor.orders)}
        </li>
      )}
      <li className="flex items-center gap-1.5">
        <Clock className="size-4 text-cocoa-400" aria-hidden /> {responseTimeText(vendor.responseTimeHours)}
      </li>
    </ul>
  );
}
