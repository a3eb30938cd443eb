import { MessageCircle, Truck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { dietaryLabel, priceTierLabel } from '../../../shared/catalog.ts';
import { formatFromPrice } from '../../../shared/money.ts';
import type { VendorCard } from '../../../shared/schemas/vendors.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FavoriteButton } from '../favorites/favorite-button.tsx';
import { VendorFacts, VerifiedCorner } from './vendor-facts.tsx';
import { VendorGallery } from './vendor-gallery.tsx';

/**
 * A Browse Vendors card: name, specialty, location, rating, review count, price tier, Verified badge,
 * description and up to 3 portfolio photos; Order Now, Message and the favorite heart.
 */
export function BrowseVendorCard({ vendor }: { vendor: VendorCard }) {
  const navigate = useNavigate();
  const orderNow = () => {
    toast.info(`Starting order with ${vendor.name}...`);
    // To the designer itself (#ai-designer), which then designs for this vendor; not the top of home.
    navigate(
      `/?vendor=${encodeURIComponent(vendor.id)}&specialty=${encodeURIComponent(vendor.specialty)}#ai-designer`,
    );
  };
  return (
    <Card className="flex w-full flex-col overflow-hidden">
      <div className="relative">
        <VendorGallery vendor={vendor} />
        <FavoriteButton vendorId={vendor.id} vendorName={vendor.name} className="absolute right-3 top-3" />
        <VerifiedCorner vendor={vendor} />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-rose-600">
              {vendor.specialtyLabel}
            </p>
            <h3 className="mt-1 text-xl font-semibold">
              <Link to={`/vendor/${vendor.id}`} className="hover:text-rose-700 hover:underline">
                {vendor.name}
              </Link>
            </h3>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-semibold text-cocoa-700">
              <span aria-hidden>{priceTierLabel(vendor.priceTier)}</span>
              <span className="sr-only">Price tier {vendor.priceTier} of 4</span>
            </p>
            {vendor.fromPriceCents !== null && (
              <p className="text-sm font-semibold text-rose-700">{formatFromPrice(vendor.fromPriceCents)}</p>
            )}
          </div>
        </div>
        <VendorFacts vendor={vendor} className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-cocoa-600" />
        {vendor.description && (
          <p className="line-clamp-3 text-sm leading-relaxed text-cocoa-600">{vendor.description}</p>
        )}
        {(vendor.dietaryOptions.length > 0 || vendor.offersDelivery) && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Offers">
            {vendor.offersDelivery && (
              <li>
                <Badge variant="secondary">
                  <Truck aria-hidden /> Delivery
                </Badge>
              </li>
            )}
            {vendor.dietaryOptions.map((d) => (
              <li key={d}>
                <Badge variant="outline">{dietaryLabel(d)}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          {vendor.category === 'cakes' ? (
            <Button onClick={orderNow}>Order Now</Button>
          ) : (
            // The cake designer is for cakes; other vendors sell their packages, on their page.
            <Button asChild>
              {vendor.fromPriceCents !== null ? (
                <Link to={`/vendor/${vendor.id}#packages`}>See Packages</Link>
              ) : (
                <Link to={`/vendor/${vendor.id}`}>View Vendor</Link>
              )}
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={`/messages?vendor=${encodeURIComponent(vendor.id)}`}>
              <MessageCircle aria-hidden /> Message
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
