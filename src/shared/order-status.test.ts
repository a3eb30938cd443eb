import { describe, expect, it } from 'vitest';
import { canLeaveReview, orderStatusBadge, orderStatusLabel } from './order-status.ts';

describe('order status display', () => {
  it('labels replace underscores and capitalize words', () => {
    expect(orderStatusLabel('in_progress')).toBe('In Progress');
    expect(orderStatusLabel('completed')).toBe('Completed');
    expect(orderStatusLabel('_in__progress_')).toBe('In Progress');
  });
  it('badges: completed default, in_progress secondary, anything else outline', () => {
    expect(orderStatusBadge('completed')).toBe('default');
    expect(orderStatusBadge('in_progress')).toBe('secondary');
    expect(orderStatusBadge('pending')).toBe('outline');
    expect(orderStatusBadge('confirmed')).toBe('outline');
  });
  it('only completed orders can be reviewed', () => {
    expect(canLeaveReview('completed')).toBe(true);
    expect(canLeaveReview('in_progress')).toBe(false);
  });
});
