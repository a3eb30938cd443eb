import { describe, expect, it } from 'vitest';
import { closureRefusal, inactiveClosureAt, inactivityNoticeAt, retentionEndsAt } from './privacy.ts';

describe('privacy rules', () => {
  it('closes 2 years after the last activity, with a notice 30 days before; purges 7 years after closing', () => {
    const at = new Date('2027-03-01T18:00:00Z');
    expect(inactiveClosureAt(at).toISOString()).toBe('2029-03-01T18:00:00.000Z');
    expect(inactivityNoticeAt(at).toISOString()).toBe('2029-01-30T18:00:00.000Z');
    expect(retentionEndsAt(at).toISOString()).toBe('2034-03-01T18:00:00.000Z');
  });

  it('says why an account cannot close, in words, or nothing when it can', () => {
    const none = { customerOrdersInProgress: 0, vendorOrdersOpen: 0, vendorBalanceCents: 0 };
    expect(closureRefusal(none)).toBeNull();
    expect(closureRefusal({ ...none, vendorOrdersOpen: 2, vendorBalanceCents: 4_550 })).toBe(
      'Your account cannot be closed yet: you have 2 orders from customers that are not completed or cancelled yet and a balance of $45.50 that has not been paid out to you yet. Finish or cancel your orders and wait for your last payout, then try again.',
    );
    expect(closureRefusal({ ...none, customerOrdersInProgress: 1 })).toContain(
      'you have 1 order in progress.',
    );
    // Below zero after a lost card dispute: something is owed, not waiting to be paid out.
    expect(closureRefusal({ ...none, vendorBalanceCents: -9_200 })).toBe(
      'Your account cannot be closed yet: you have $92.00 to make up to Frosted from a card dispute. Contact support to settle what is owed, then try again.',
    );
  });
});
