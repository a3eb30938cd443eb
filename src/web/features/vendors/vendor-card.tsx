import { BadgeCheck, Clock, MapPin, Package } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { VendorCard as VendorCardData } from '../../../shared/schemas/vendors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ordersText, responseTimeText } from './format.ts';
import { RatingText } from './rating-text.tsx';

/** The spec's vendor card: name, specialty, location, rating, order count, response time, verified badge. */
export function VendorCard({ vendor }: { vendor: VendorCardData }) {
  const navigate = useNavigate();
  const viewPortfolio = () => {
    toast.info(`Viewing ${vendor.name}'s portfolio...`);
    navigate(`/vendor/${vendor.id}`);
  };
  return (
    <Card className="group flex w-full flex-col overflow-hidden transition-shadow hover:shadow-[var(--shadow-lift)]">
      <div className="relative aspect-[3/2] overflow-hidden bg-cream-200">
        {vendor.image && (
          <img
            src={vendor.image}
            alt={`${vendor.name} bakery`}
            loading="lazy"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        )}
        {vendor.verified && (
          <Badge variant="verified" className="absolute left-3 top-3 bg-white/95 shadow-sm">
            <BadgeCheck aria-hidden /> Verified
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-rose-600">
            {vendor.specialtyLabel}
          </p>
          <h3 className="mt-1 text-xl font-semibold">{vendor.name}</h3>
        </div>
        <ul className="grid gap-x-3 gap-y-2 text-sm text-cocoa-600 sm:grid-cols-2">
          <li className="flex items-center gap-1.5">
            <MapPin className="size-4 text-cocoa-400" aria-hidden /> {vendor.locationLabel}
          </li>
          <li className="flex items-center gap-1.5">
            <RatingText rating={vendor.rating} reviewCount={vendor.reviewCount} />
          </li>
          <li className="flex items-center gap-1.5">
            <Package className="size-4 text-cocoa-400" aria-hidden /> {ordersText(vendor.orders)}
          </li>
          <li className="flex items-center gap-1.5">
            <Clock className="size-4 text-cocoa-400" aria-hidden />{' '}
            {responseTimeText(vendor.responseTimeHours)}
          </li>
        </ul>
        <Button variant="outline" className="mt-auto w-full" onClick={viewPortfolio}>
          View Portfolio
        </Button>
      </div>
    </Card>
  );
}
