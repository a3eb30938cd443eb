import { AtSign, BadgeCheck, Clock, Globe, MapPin, MessageCircle, Package, Sparkles } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { categoryLabel, priceTierLabel, specialtyLabel } from '../../shared/catalog.ts';
import { NotFound } from '../components/layout/not-found.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { FavoriteButton } from '../features/favorites/favorite-button.tsx';
import { useVendorPage } from '../features/vendor-page/api.ts';
import { PortfolioGallery } from '../features/vendor-page/gallery.tsx';
import { VendorPackages } from '../features/vendor-page/packages.tsx';
import { VendorService } from '../features/vendor-page/service.tsx';
import { VendorPageSkeleton } from '../features/vendor-page/skeleton.tsx';
import { VendorReviews } from '../features/vendor-page/vendor-reviews.tsx';
import { PublicChecks } from '../features/verification/public-checks.tsx';
import { ordersText, responseTimeText } from '../features/vendors/format.ts';
import { RatingText } from '../features/vendors/rating-text.tsx';
import { ApiError } from '../lib/api.ts';

export default function VendorProfilePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isPending, error, refetch } = useVendorPage(id);

  if (isPending) return <VendorPageSkeleton />;
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">We could not load this vendor</h1>
        <Button className="mt-6" onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const { vendor, portfolio, packages, service, verification } = data;
  const bakes = vendor.categories.includes('cakes');
  const requestQuote = () => {
    toast.info(`Starting order with ${vendor.name}...`);
    void navigate(`/quotes/new?vendor=${encodeURIComponent(vendor.id)}`);
  };
  return (
    <article>
      <div className="relative h-56 overflow-hidden bg-cream-200 sm:h-80">
        {/* The largest thing on a phone's first screen: fetched first, never lazily. */}
        {vendor.image && (
          <img src={vendor.image} alt="" fetchPriority="high" className="size-full object-cover" />
        )}
        <div aria-hidden className="absolute inset-0 bg-gradient-to-t from-cocoa-900/60 to-transparent" />
      </div>
      <div className="mx-auto -mt-20 max-w-6xl space-y-12 px-4 pb-16 sm:px-6">
        <div className="relative rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-lift)] sm:p-10">
          <div className="flex flex-wrap items-center gap-2">
            {vendor.categories.map((c) => (
              <Badge key={c} variant="soft">
                {categoryLabel(c)}
              </Badge>
            ))}
            {service.specialties.map((s) => (
              <Badge key={s} variant="soft">
                {specialtyLabel(s)}
              </Badge>
            ))}
            {vendor.verified && (
              <Badge variant="verified">
                <BadgeCheck aria-hidden /> Verified
              </Badge>
            )}
            <Badge variant="outline">
              <span className="sr-only">Price tier </span>
              {priceTierLabel(vendor.priceTier)}
            </Badge>
          </div>
          <h1 className="mt-4 text-4xl font-semibold sm:text-5xl">{vendor.name}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-cocoa-600">
            <span className="flex items-center gap-1.5">
              <RatingText rating={vendor.rating} reviewCount={vendor.reviewCount} />
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
          <div className="mt-8 flex flex-wrap gap-3">
            <Button size="lg" onClick={requestQuote}>
              Request a Quote
            </Button>
            {bakes && (
              <Button asChild size="lg" variant="outline">
                <Link
                  to={`/?vendor=${encodeURIComponent(vendor.id)}&specialty=${encodeURIComponent(vendor.specialty)}#ai-designer`}
                >
                  <Sparkles aria-hidden /> Design a Cake
                </Link>
              </Button>
            )}
            <FavoriteButton vendorId={vendor.id} vendorName={vendor.name} />
            <Button asChild size="lg" variant="outline">
              <Link to={`/messages?vendor=${encodeURIComponent(vendor.id)}`}>
                <MessageCircle aria-hidden /> Message
              </Link>
            </Button>
          </div>
        </div>

        {verification && <PublicChecks verification={verification} />}

        <VendorPackages packages={packages} />

        <section aria-labelledby="portfolio-heading" className="lazy-render">
          <h2 id="portfolio-heading" className="text-3xl font-semibold">
            Portfolio
          </h2>
          <div className="mt-5">
            <PortfolioGallery items={portfolio} vendorName={vendor.name} />
          </div>
        </section>

        <VendorService vendor={vendor} service={service} />

        <section aria-labelledby="reviews-heading" className="lazy-render">
          <h2 id="reviews-heading" className="text-3xl font-semibold">
            Reviews
          </h2>
          <div className="mt-5">
            <VendorReviews vendorId={vendor.id} vendorName={vendor.name} />
          </div>
        </section>
      </div>
    </article>
  );
}
