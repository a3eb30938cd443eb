import { SearchX } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { NotFound } from '../components/layout/not-found.tsx';
import { Section } from '../components/ui/page.tsx';
import { Skeleton } from '../components/ui/spinner.tsx';
import { formatDayKey } from '../../shared/time.ts';
import { useVendorList, vendorListQuery } from '../features/vendors/api/list.ts';
import { BrowseHeader } from '../features/vendors/browse-header.tsx';
import { BrowseToolbar } from '../features/vendors/browse-toolbar.tsx';
import { BrowseVendorCard } from '../features/vendors/browse-vendor-card.tsx';
import { isVendorCategory } from '../../shared/catalog.ts';
import { readFilters, useBrowseFilters, usePageCategory } from '../features/vendors/use-browse-filters.ts';
import type { Prefetch } from '../lib/prefetch.ts';

/** The first page of vendors for the address's filters (and a category page's category). */
export const prefetch: Prefetch = async (queryClient, { request, params }) => {
  // An unknown category's page is a 404: nothing to load.
  if (params.category !== undefined && !isVendorCategory(params.category)) return;
  await queryClient.prefetchInfiniteQuery(
    vendorListQuery(readFilters(new URL(request.url).searchParams, params.category)),
  );
};

export default function BrowseVendorsPage() {
  const pageCategory = usePageCategory();
  const { filters, update, clear } = useBrowseFilters();
  const query = useVendorList(filters);
  const { data, isPending, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const vendors = data?.pages.flatMap((p) => p.vendors) ?? [];
  const total = data?.pages[0]?.total ?? null;
  const loadingNewFilters = query.isPlaceholderData;
  if (pageCategory === null) return <NotFound />;

  return (
    <>
      <BrowseHeader category={pageCategory} />
      <Section className="pt-10">
        {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 without a visible title. */}
        <h2 className="sr-only">Vendors</h2>
        <BrowseToolbar filters={filters} onChange={update} total={total} />
        <div className="mt-8">
          {isPending ? (
            <div
              className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
              aria-busy="true"
              aria-label="Loading vendors"
            >
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <Skeleton key={i} className="h-96" />
              ))}
            </div>
          ) : isError && !query.isFetchNextPageError ? (
            <div role="alert" className="rounded-2xl bg-white p-8 text-center">
              <p className="text-cocoa-600">We could not load vendors.</p>
              <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <>
              <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1">
                <p className="font-semibold text-cocoa-700" role="status" aria-live="polite">
                  {total ?? vendors.length} {(total ?? vendors.length) === 1 ? 'vendor' : 'vendors'} found
                  {filters.availableOn && ` available on ${formatDayKey(filters.availableOn)}`}
                </p>
                {filters.availableOn && (
                  <Button variant="link" onClick={() => update({ availableOn: undefined })}>
                    Any date
                  </Button>
                )}
              </div>
              {vendors.length === 0 ? (
                <div className="rounded-2xl bg-white p-10 text-center">
                  <SearchX className="mx-auto size-10 text-cocoa-400" aria-hidden />
                  <h2 className="mt-4 text-2xl font-semibold">No vendors match these filters</h2>
                  <p className="mt-2 text-cocoa-600">
                    Try another search, or clear the filters to see every vendor.
                  </p>
                  <Button className="mt-6" onClick={() => clear({ sort: filters.sort })}>
                    Clear filters
                  </Button>
                </div>
              ) : (
                <ul
                  className="grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
                  aria-busy={loadingNewFilters}
                  aria-label="Vendors"
                >
                  {vendors.map((v) => (
                    <li key={v.id} className="flex lazy-render [--lazy-render-height:30rem]">
                      <BrowseVendorCard vendor={v} />
                    </li>
                  ))}
                </ul>
              )}
              {query.isFetchNextPageError && (
                <div role="alert" className="mt-8 text-center text-cocoa-600">
                  We could not load more vendors.{' '}
                  <Button variant="link" onClick={() => void fetchNextPage()}>
                    Try Again
                  </Button>
                </div>
              )}
              {hasNextPage && !query.isFetchNextPageError && (
                <div className="mt-10 text-center">
                  <Button
                    variant="outline"
                    onClick={() => void fetchNextPage()}
                    disabled={isFetchingNextPage}
                  >
                    {isFetchingNextPage ? 'Loading more vendors...' : 'Load More'}
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      </Section>
    </>
  );
}
