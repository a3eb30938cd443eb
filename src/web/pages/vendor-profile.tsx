import { BadgeCheck, Clock, AtSign, Globe, MapPin, Package } from 'lucide-react';
import { useParams } from 'react-router';
import { priceTierLabel } from '../../shared/catalog.ts';
import { NotFound } from '../components/layout/not-found.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/spinner.tsx';
import { Stars } from '../components/ui/stars.tsx';
import { useVendor } from '../features/vendors/api.ts';
import { ordersText, responseTimeText } from '../features/vendors/format.ts';
import { ApiError } from '../lib/api.ts';

export default function VendorProfilePage() {
  const { id = '' } = useParams();
  const { data: vendor, isPending, error, refetch } = useVendor(id);

  if (isPending) {
    return (
      <div
        className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6"
        aria-busy="true"
        aria-label="Loading vendor"
      >
        <Skeleton className="h-72" />
        <Skeleton className="h-10 w-1/2" />
      </div>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error || !vendor) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">We could not load this vendor</h1>
        <Button className="mt-6" onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <article>
      <div className="relative h-64 overflow-hidden bg-cream-200 sm:h-80">
        {vendor.image && <img src={vendor.image} alt="" className="size-full object-cover" />}
        <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-cocoa-900/60 to-transparent" />
      </div>
      <div className="mx-auto -mt-20 max-w-6xl px-4 pb-16 sm:px-6">
        <div className="relative rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-lift)] sm:p-10">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="soft">{vendor.specialtyLabel}</Badge>
            {vendor.verified && (
              <Badge variant="verified">
                <BadgeCheck aria-hidden /> Verified
              </Badge>
            )}
            <Badge variant="outline">{priceTierLabel(vendor.priceTier)}</Badge>
          </div>
          <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">{vendor.name}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-cocoa-600">
            <span className="flex items-center gap-2">
              <Stars rating={vendor.rating} />
              <span className="font-semibold text-cocoa-900">{vendor.rating.toFixed(1)}</span> (
              {vendor.reviewCount} reviews)
            </span>
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden /> {vendor.locationLabel}
            </span>
            <span className="flex items-center gap-1.5">
              <Package className="size-4" aria-hidden /> {ordersText(vendor.orders)} completed
            </span>
            <span className="flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden /> {responseTimeText(vendor.responseTimeHours)}
            </span>
          </div>
          {vendor.description && (
            <p className="mt-6 max-w-3xl text-lg leading-relaxed text-cocoa-700">{vendor.description}</p>
          )}
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {vendor.website && (
              <li className="flex items-center gap-1.5">
                <Globe className="size-4 text-cocoa-400" aria-hidden />
                <a
                  href={vendor.website}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="text-rose-600 hover:underline"
                >
                  Website
                </a>
              </li>
            )}
            {vendor.instagram && (
              <li className="flex items-center gap-1.5 text-cocoa-600">
                <AtSign className="size-4 text-cocoa-400" aria-hidden /> {vendor.instagram}
              </li>
            )}
          </ul>
        </div>
      </div>
    </article>
  );
}
