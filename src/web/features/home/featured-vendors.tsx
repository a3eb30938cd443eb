import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { useFeaturedVendors } from '../vendors/api/featured.ts';
import { VendorCard } from '../vendors/vendor-card.tsx';

/** Top-rated verified vendors from the database. */
export function FeaturedVendors() {
  const { data, isPending, isError, refetch } = useFeaturedVendors(3);
  return (
    <section aria-labelledby="featured-title" className="bg-cream-200/60">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">
              Featured vendors
            </p>
            <h2 id="featured-title" className="mt-3 text-4xl font-semibold">
              Loved by BC celebrations
            </h2>
          </div>
          <Button asChild variant="outline">
            <Link to="/browse-vendors">Browse All Vendors</Link>
          </Button>
        </div>
        <div className="mt-10">
          {isPending ? (
            <div className="grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Loading featured vendors">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-96" />
              ))}
            </div>
          ) : isError ? (
            <div role="alert" className="rounded-2xl bg-white p-8 text-center">
              <p className="text-cocoa-600">We could not load the featured vendors.</p>
              <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
                Try Again
              </Button>
            </div>
          ) : data.length === 0 ? (
            <p className="rounded-2xl bg-white p-8 text-center text-cocoa-600">
              Our first verified vendors are on their way. Check back soon, or browse all vendors.
            </p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-3">
              {data.map((v) => (
                <li key={v.id} className="flex">
                  <VendorCard vendor={v} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
