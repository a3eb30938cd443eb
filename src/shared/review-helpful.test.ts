import { describe, expect, it } from 'vitest';
import { MESSAGES } from './errors.ts';
import { helpfulCountText, helpfulVoteRefusal, reviewViewerRelation } from './review-helpful.ts';

const review = { authorId: 'customer-1', ownerId: 'baker-1' };

describe('helpful votes', () => {
  it('tells the author and the shop owner from everyone else', () => {
    expect(reviewViewerRelation('customer-1', review)).toBe('author');
    expect(reviewViewerRelation('baker-1', review)).toBe('owner');
    expect(reviewViewerRelation('someone-else', review)).toBeNull();
    expect(reviewViewerRelation(null, review)).toBeNull();
    expect(reviewViewerRelation('', review)).toBeNull();
  });

  it('refuses the author and the owner, each with their reason, and lets anyone else vote', () => {
    expect(helpfulVoteRefusal('author')).toBe(MESSAGES.helpfulOwnReview);
    expect(helpfulVoteRefusal('owner')).toBe(MESSAGES.helpfulOwnShop);
    expect(helpfulVoteRefusal(null)).toBeNull();
  });

  it('counts people in words', () => {
    expect(helpfulCountText(0)).toBe('0 people found this helpful');
    expect(helpfulCountText(1)).toBe('1 person found this helpful');
    expect(helpfulCountText(2)).toBe('2 people found this helpful');
  });
});
