import { Store, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { Occasion } from '../../../shared/catalog.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDesignVendor } from './api.ts';

const OCCASION_BY_SPECIALTY: Record<string, Occasion> = { wedding: 'Wedding', birthday: 'Birthday' };

/**
 * "Request a Quote" on a vendor page opens /?vendor={id}&specialty={specialty}#ai-designer: the design
 * is made for that vendor. An unknown vendor id is ignored.
 */
export function useVendorPreselection() {
  const [params, setParams] = useSearchParams();
  const { data: vendor } = useDesignVendor(params.get('vendor'));
  const clear = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('vendor');
        next.delete('specialty');
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  return {
    vendor: vendor ?? null,
    occasion: OCCASION_BY_SPECIALTY[params.get('specialty') ?? ''] ?? null,
    clear,
  };
}

export function VendorBanner({
  vendor,
  onRemove,
}: {
  vendor: { id: string; name: string };
  onRemove: () => void;
}) {
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-sage-100 px-4 py-3 text-sage-700">
      <Store className="size-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1 text-sm">
        Designing for{' '}
        <Link
          to={`/vendor/${encodeURIComponent(vendor.id)}`}
          className="font-semibold underline-offset-4 hover:underline"
        >
          {vendor.name}
        </Link>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 text-sage-700 hover:bg-white/60"
        aria-label={`Stop designing for ${vendor.name}`}
        onClick={onRemove}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}
