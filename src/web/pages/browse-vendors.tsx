import { Button } from '../components/ui/button.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { Skeleton } from '../components/ui/spinner.tsx';
import { useVendorList } from '../features/vendors/api.ts';
import { VendorCard } from '../features/vendors/vendor-card.tsx';

export default function BrowseVendorsPage() {
  const { data, isPending, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useVendorList();
  const vendors = data?.pages.flatMap((p) => p.vendors) ?? [];
  const total = data?.pages[0]?.total ?? 0;
  return (
    <>
      <PageHeader
        eyebrow="Vendors"
        title="Browse Vendors"
        intro="Verified cake makers and dessert artists across British Columbia, approved by the Frosted team."
      />
      <Section className="pt-10">
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
        ) : isError ? (
          <div role="alert" className="rounded-2xl bg-white p-8 text-center">
            <p className="text-cocoa-600">We could not load vendors.</p>
            <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <p className="mb-6 font-semibold text-cocoa-700" aria-live="polite">
              {total} {total === 1 ? 'vendor' : 'vendors'} found
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {vendors.map((v) => (
                <li key={v.id} className="flex">
                  <VendorCard vendor={v} />
                </li>
              ))}
            </ul>
            {hasNextPage && (
              <div className="mt-10 text-center">
                <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                  {isFetchingNextPage ? 'Loading more vendors...' : 'Load More'}
                </Button>
              </div>
            )}
          </>
        )}
      </Section>
    </>
  );
}
