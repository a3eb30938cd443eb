import { BadgeCheck, ThumbsUp } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicReview } from '../../../shared/schemas/reviews.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Stars } from '../../components/ui/stars.tsx';

const date = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeZone: 'America/Vancouver' });

export function ReviewCard({ review: r }: { review: PublicReview }) {
  return (
    <Card className="flex flex-col gap-5 p-6 sm:flex-row">
      {r.imageUrl && (
        <img
          src={r.imageUrl}
          alt={
            r.occasion
              ? `${r.occasion} cake from ${r.vendor.businessName}`
              : `Cake from ${r.vendor.businessName}`
          }
          className="size-28 shrink-0 rounded-2xl bg-cream-200 object-cover"
          loading="lazy"
        />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Stars rating={r.rating} />
          {r.verified && (
            <Badge variant="verified">
              <BadgeCheck aria-hidden /> Verified purchase
            </Badge>
          )}
          <span className="text-sm text-cocoa-500">{date.format(new Date(r.createdAt))}</span>
        </div>
        {r.title && <h2 className="mt-3 text-xl font-semibold">{r.title}</h2>}
        <p className="mt-2 leading-relaxed text-cocoa-700">{r.comment}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-cocoa-500">
          <span>
            <span className="font-semibold text-cocoa-800">{r.customerName}</span>
            {r.customerLocation && ` · ${r.customerLocation}`}
          </span>
          <span>
            {r.occasion ? `${r.occasion} cake by ` : 'Cake by '}
            <Link to={`/vendor/${r.vendor.id}`} className="font-medium text-rose-600 hover:underline">
              {r.vendor.businessName}
            </Link>
          </span>
          <span className="flex items-center gap-1">
            <ThumbsUp className="size-3.5" aria-hidden /> {r.helpfulCount}{' '}
            {r.helpfulCount === 1 ? 'person' : 'people'} found this helpful
          </span>
        </div>
      </div>
    </Card>
  );
}
