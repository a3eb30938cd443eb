import { Skeleton } from '../../components/ui/spinner.tsx';

/** The page's shape while it loads: the cover, then the card with name, facts and buttons. */
export function VendorPageSkeleton() {
  return (
    <div data-page-loading aria-busy="true" aria-label="Loading vendor">
      <div className="h-56 bg-cream-200 sm:h-80" />
      <div className="mx-auto -mt-20 max-w-6xl px-4 pb-16 sm:px-6">
        <div className="relative space-y-4 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-lift)] sm:p-10">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-11 w-3/4" />
          <Skeleton className="h-5 w-full max-w-lg" />
          <Skeleton className="h-24 w-full max-w-3xl" />
          <Skeleton className="h-11 w-full max-w-md" />
        </div>
      </div>
    </div>
  );
}
