import { MESSAGES } from './errors.ts';

/** How a signed-in viewer stands to a review: they wrote it, or they run the reviewed shop. */
export const REVIEW_VIEWER_RELATIONS = ['author', 'owner'] as const;
export type ReviewViewerRelation = (typeof REVIEW_VIEWER_RELATIONS)[number];

/** The viewer's relation to a review (null for visitors and everyone else). */
export function reviewViewerRelation(
  viewerId: string | null | undefined,
  review: { authorId: string; ownerId: string },
): ReviewViewerRelation | null {
  if (!viewerId) return null;
  if (viewerId === review.authorId) return 'author';
  if (viewerId === review.ownerId) return 'owner';
  return null;
}

/**
 * Why the viewer may not mark a review helpful, or null when they may: a helpful vote is a reader's
 * word, so neither the review's author nor the reviewed shop's owner can give one.
 */
export function helpfulVoteRefusal(relation: ReviewViewerRelation | null): string | null {
  if (relation === 'author') return MESSAGES.helpfulOwnReview;
  if (relation === 'owner') return MESSAGES.helpfulOwnShop;
  return null;
}

/** "1 person found this helpful", "3 people found this helpful". */
export const helpfulCountText = (count: number) =>
  `${count} ${count === 1 ? 'person' : 'people'} found this helpful`;
