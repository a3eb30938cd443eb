import { ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { helpfulCountText, helpfulVoteRefusal } from '../../../shared/review-helpful.ts';
import type { PublicReview } from '../../../shared/schemas/reviews.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/auth-client.ts';
import { cn } from '../../lib/cn.ts';
import { useHelpfulVote } from './api.ts';

/**
 * "Helpful": a toggle for signed-in readers, with the review's count beside it (the button's
 * description). Visitors are asked to sign in (and come back here); the author and the shop's owner
 * see why they cannot vote. Unavailable is aria-disabled rather than disabled, so the button keeps
 * keyboard focus and its reason is read out.
 */
export function HelpfulButton({ review }: { review: PublicReview }) {
  const { data: session, isPending } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const vote = useHelpfulVote();
  const countId = useId();
  const reasonId = useId();
  const refusal = session ? helpfulVoteRefusal(review.viewerRelation) : null;
  const pressed = review.viewerVotedHelpful;
  const unavailable = isPending || refusal !== null || vote.isPending;

  const press = () => {
    if (unavailable) return;
    if (!session) {
      toast('Sign in to mark reviews helpful', {
        description: 'Create a free account to tell other customers which reviews helped you.',
        action: {
          label: 'Sign in',
          onClick: () => navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`),
        },
      });
      return;
    }
    vote.mutate({ reviewId: review.id, helpful: !pressed }, { onError: (err) => toast.error(err.message) });
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={pressed}
        aria-disabled={unavailable || undefined}
        aria-describedby={refusal ? `${countId} ${reasonId}` : countId}
        onClick={press}
        className={cn(
          pressed && 'border-rose-300 bg-rose-50 text-rose-700 hover:bg-rose-100',
          refusal && 'cursor-not-allowed opacity-60 hover:border-cocoa-900/15 hover:bg-white/70',
        )}
      >
        <ThumbsUp className={cn(pressed && 'fill-current')} aria-hidden />
        Helpful
      </Button>
      <p id={countId}>{helpfulCountText(review.helpfulCount)}</p>
      {refusal && (
        <p id={reasonId} className="basis-full text-xs text-cocoa-500">
          {refusal}
        </p>
      )}
    </div>
  );
}
