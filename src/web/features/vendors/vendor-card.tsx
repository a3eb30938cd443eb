import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatFromPrice } from '../../../shared/money.ts';
import type { VendorCard as VendorCardData } from '../../../shared/schemas/vendors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { VendorFacts, VerifiedCorner } from './vendor-facts.tsx';

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
            alt={vendor.category === 'cakes' ? `${vendor.name} bakery` : vendor.name}
            loading="lazy"
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        )}
        <VerifiedCorner vendor={vendor} />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-rose-600">
            {vendor.specialtyLabel}
          </p>
          <h3 className="mt-1 text-xl font-semibold">{vendor.name}</h3>
          {vendor.fromPriceCents !== null && (
            <p className="mt-1 text-sm font-semibold text-rose-700">
              {formatFromPrice(vendor.fromPriceCents)}
            </p>
          )}
        </div>
        <VendorFacts
          vendor={vendor}
          orders
          className="grid gap-x-3 gap-y-2 text-sm text-cocoa-600 sm:grid-cols-2"
        />
        <Button variant="outline" className="mt-auto w-full" onClick={viewPortfolio}>
          View Portfolio
        </Button>
      </div>
    </Card>
  );
}
