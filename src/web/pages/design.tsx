import { Send, Share2, Sparkles, Store } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { dietaryLabel } from '../../shared/catalog.ts';
import { imageSizeFor } from '../../shared/designer.ts';
import type { PublicDesign } from '../../shared/schemas/designs.ts';
import { NotFound } from '../components/layout/not-found.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/spinner.tsx';
import { usePublicDesign } from '../features/designer/api.ts';
import { shareDesign } from '../features/designer/share.ts';
import { shareText, specialtyFor } from '../features/designer/types.ts';
import { useCustomerDashboard } from '../features/dashboard/api.ts';
import { ApiError } from '../lib/api.ts';
import { type SessionUser, useSession } from '../lib/auth-client.ts';
import { formatLongDate } from '../../shared/time.ts';

/** The page's own title while it is open (the server sends the same one with the link preview). */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function specRows(d: PublicDesign): [string, string][] {
  const rows: [string, string | null][] = [
    ['Occasion', d.occasion],
    ['Flavor', d.flavor],
    ['Size', d.size],
    ['Colors', d.colors],
    ['Dietary', d.dietary.map(dietaryLabel).join(', ')],
    ['Style', d.styleLabel ?? d.style],
    ['Description', d.description],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/** /designs/{id}: a shared design, with the way to have it made. */
export default function DesignPage() {
  const { id = '' } = useParams();
  const { data: design, isPending, error, refetch } = usePublicDesign(id);
  useDocumentTitle(design ? `${design.occasion} Cake design | Frosted` : null);

  if (isPending) {
    return (
      <div
        className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2"
        aria-busy="true"
        aria-label="Loading design"
      >
        <Skeleton className="aspect-square" />
        <div className="space-y-4">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-48" />
        </div>
      </div>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24">
        <LoadError message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  }

  const title = `${design.occasion} Cake`;
  const share = () => void shareDesign({ id: design.id, ...shareText(design.occasion, design.styleLabel) });
  return (
    <article className="bg-gradient-to-b from-rose-50 to-cream-100">
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-10 sm:px-6 sm:py-16 md:grid-cols-2 md:gap-12">
        <div className="overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-lift)] ring-1 ring-cocoa-900/5">
          {design.imageUrl ? (
            <img
              src={design.imageUrl}
              alt={`${title} design`}
              // Saved designs without a stored size were drawn at the spec's size for their cake: same shape.
              {...(design.width && design.height
                ? { width: design.width, height: design.height }
                : imageSizeFor(design))}
              className="mx-auto h-auto max-h-[80dvh] w-full object-contain"
            />
          ) : (
            <div className="flex aspect-square items-center justify-center bg-cream-200 text-cocoa-500">
              No picture for this design
            </div>
          )}
        </div>
        <div>
          <div className="flex items-center justify-between gap-3">
            <Badge variant="soft">
              <Sparkles aria-hidden /> {design.aiGenerated ? 'AI-generated design' : 'Custom design'}
            </Badge>
            <Button size="sm" variant="outline" onClick={share}>
              <Share2 aria-hidden /> Share
            </Button>
          </div>
          <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{title}</h1>
          <p className="mt-2 text-cocoa-500">Designed on {formatLongDate(design.createdAt)}</p>
          <dl className="mt-8 divide-y divide-cocoa-900/10 rounded-[var(--radius-card)] bg-white px-5 ring-1 ring-cocoa-900/5">
            {specRows(design).map(([label, value]) => (
              <div key={label} className="grid gap-1 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
                <dt className="text-sm font-semibold text-cocoa-500">{label}</dt>
                <dd className="text-cocoa-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 text-cocoa-600">
            Verified local bakers quote from this design. Compare their prices and pay only when you are
            happy.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <OwnDesignQuote pageId={design.id} />
            <Button asChild size="lg">
              <Link to={`/browse-vendors?specialty=${specialtyFor(design.occasion)}`}>
                <Store aria-hidden /> Request Quotes
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/#ai-designer">
                <Sparkles aria-hidden /> Design Your Own
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * Request a Quote with this very design, for the customer who saved it (the form gets the design);
 * anyone else has Request Quotes, which finds bakers first.
 */
function OwnDesignQuote({ pageId }: { pageId: string }) {
  const user = useSession().data?.user as SessionUser | undefined;
  if (!user || user.userType === 'vendor') return null;
  return <SavedDesignQuote userId={user.id} pageId={pageId} />;
}

function SavedDesignQuote({ userId, pageId }: { userId: string; pageId: string }) {
  const { data } = useCustomerDashboard(userId);
  const saved = data?.designs.find((d) => d.id === pageId || d.shareId === pageId);
  if (!saved) return null;
  return (
    <Button asChild size="lg" variant="soft">
      <Link to={`/quotes/new?design=${encodeURIComponent(saved.id)}`}>
        <Send aria-hidden /> Request a Quote
      </Link>
    </Button>
  );
}
