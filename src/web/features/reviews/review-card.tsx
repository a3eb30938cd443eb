import { categoryLabel } from '../../../shared/catalog.ts';
import { BadgeCheck, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicReview } from '../../../shared/schemas/reviews.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/spinner.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { formatDate } from '../../../shared/time.ts';
import { HelpfulButton } from './helpful-button.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/**
 * One published review, with the vendor's public reply under it. `replySlot` is where the shop's
 * owner writes that reply (their own vendor page only).
 */
export function ReviewCard({ review: r, replySlot }: { review: PublicReview; replySlot?: ReactNode }) {
  // What was bought: a cake maker's cake (for its occasion), another vendor's category.
  const cake =
    r.vendor.category !== 'cakes'
      ? categoryLabel(r.vendor.category)
      : r.occasion
        ? `${r.occasion} cake`
        : 'Cake';
  return (
    <Card className="p-5 sm:p-7">
      <article className="flex flex-col gap-5 sm:flex-row sm:gap-6">
        <div className="min-w-0 flex-1">
          <header className="flex items-start gap-3">
            <span
              aria-hidden
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-100 font-semibold text-rose-700"
            >
              {initials(r.customerName)}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-cocoa-900">{r.customerName}</p>
              {r.customerLocation && (
                <p className="flex items-center gap-1 text-sm text-cocoa-500">
                  <MapPin className="size-3.5 shrink-0" aria-hidden />
                  {r.customerLocation}
                </p>
              )}
            </div>
            <time dateTime={r.createdAt} className="shrink-0 text-sm text-cocoa-500">
              {formatDate(r.createdAt)}
            </time>
          </header>

          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
            <Stars rating={r.rating} />
            {r.verified && (
              <Badge variant="verified">
                <BadgeCheck aria-hidden /> Verified purchase
              </Badge>
            )}
          </div>
          {r.title ? (
            <h3 className="mt-3 text-xl font-semibold">{r.title}</h3>
          ) : (
            <h3 className="sr-only">Review by {r.customerName}</h3>
          )}
          <p className="mt-2 whitespace-pre-line leading-relaxed text-cocoa-700">{r.comment}</p>
          {r.vendorReply ? (
            <div className="mt-4 rounded-2xl bg-cream-100 p-4">
              <p className="text-sm font-semibold text-cocoa-800">
                Reply from {r.vendor.businessName}{' '}
                <time dateTime={r.vendorReply.at} className="font-normal text-cocoa-500">
                  · {formatDate(r.vendorReply.at)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-cocoa-700">
                {r.vendorReply.text}
              </p>
            </div>
          ) : (
            replySlot
          )}

          <footer className="mt-5 flex flex-col gap-2 border-t border-cocoa-900/8 pt-4 text-sm text-cocoa-500 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <p>
              {cake} by{' '}
              <Link
                to={`/vendor/${r.vendor.id}`}
                className="font-semibold text-rose-600 underline-offset-4 hover:underline"
              >
                {r.vendor.businessName}
              </Link>
            </p>
            <HelpfulButton review={r} />
          </footer>
        </div>
        {r.imageUrl && (
          <img
            src={r.imageUrl}
            alt={`${cake} design from ${r.vendor.businessName}`}
            loading="lazy"
            decoding="async"
            className="order-first h-48 w-full shrink-0 rounded-2xl bg-cream-200 object-cover sm:order-last sm:size-36"
          />
        )}
      </article>
    </Card>
  );
}

/** The loading placeholder, shaped like a review card. */
export function ReviewCardSkeleton() {
  return (
    <Card className="p-5 sm:p-7" aria-hidden>
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-20" />
        </div>
        <Skeleton className="h-3 w-20" />
      </div>
      <Skeleton className="mt-5 h-4 w-24" />
      <Skeleton className="mt-4 h-5 w-2/3" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-5/6" />
      <Skeleton className="mt-6 h-4 w-1/2" />
    </Card>
  );
}
