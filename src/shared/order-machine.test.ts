import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FINAL_ORDER_STATUSES,
  ORDER_ACTIONS,
  ORDER_PARTIES,
  ORDER_STATUSES_TAKING_A_DAY,
  ORDER_TRANSITIONS,
  actionsFor,
  autoCompleteAt,
  canReleaseFunds,
  checkTransition,
  deliveryWindowMessage,
  deliveryWindowNote,
  deliveryWindowOpensAt,
  fundsReleasableAt,
  isDeliveryWindowOpen,
  isFinalOrderStatus,
  onlyCancellation,
  orderEventLabel,
  reachableStatuses,
  type OrderParty,
} from './order-machine.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';

/**
 * The lifecycle written out a second time, by hand, as `action party: from -> to`: every allowed
 * change and nothing else. A change to the table in order-machine.ts must be made here too.
 */
const ALLOWED = `
  pay system: pending -> paid
  expire system: pending -> cancelled
  balanceUnpaid system: paid -> cancelled
  balanceUnpaid system: confirmed -> cancelled
  balanceUnpaid system: in_progress -> cancelled
  balanceUnpaid system: ready -> cancelled
  confirm vendor: paid -> confirmed
  start vendor: confirmed -> in_progress
  markReady vendor: in_progress -> ready
  deliver vendor: ready -> delivered
  confirmSatisfied customer: delivered -> completed
  autoComplete system: delivered -> completed
  resolveClaim admin: delivered -> completed
  cancel customer: pending -> cancelled
  cancel customer: paid -> cancelled
  cancel customer: confirmed -> cancelled
  vendorCancel vendor: pending -> cancelled
  vendorCancel vendor: paid -> cancelled
  vendorCancel vendor: confirmed -> cancelled
  adminCancel admin: pending -> cancelled
  adminCancel admin: paid -> cancelled
  adminCancel admin: confirmed -> cancelled
  adminCancel admin: in_progress -> cancelled
  adminCancel admin: ready -> cancelled
  adminCancel admin: delivered -> cancelled
`
  .trim()
  .split('\n')
  .map((line) => line.trim());

const DELIVERED_AT = new Date('2026-12-01T18:00:00Z');
/** 24 hours after delivery: the customer's time to open a claim is over. */
const LATER = new Date('2026-12-02T18:00:00Z');
// Every condition met, so only status and party decide (delivered on its delivery day, a day ago).
const satisfied = {
  reason: 'Change of plans',
  now: LATER,
  enteredAt: { pending: DELIVERED_AT, delivered: DELIVERED_AT },
  deliveryDate: DELIVERED_AT,
};

describe('the order state machine', () => {
  it('allows exactly the listed (action, party, status) combinations, to the listed status', () => {
    const seen: string[] = [];
    for (const action of ORDER_ACTIONS)
      for (const party of ORDER_PARTIES)
        for (const status of ORDER_STATUSES) {
          const check = checkTransition(action, status, party, satisfied);
          if (check.ok) seen.push(`${action} ${party}: ${status} -> ${check.to}`);
          else expect(['not-allowed', 'wrong-status']).toContain(check.refusal);
        }
    expect(seen.sort()).toEqual([...ALLOWED].sort());
  });

  it('tells why a change is refused, party before status', () => {
    expect(checkTransition('confirm', 'pending', 'customer')).toEqual({ ok: false, refusal: 'not-allowed' });
    expect(checkTransition('confirm', 'pending', 'vendor')).toEqual({ ok: false, refusal: 'wrong-status' });
    expect(checkTransition('teleport', 'pending', 'admin')).toEqual({ ok: false, refusal: 'unknown-action' });
    expect(checkTransition('toString', 'pending', 'admin')).toEqual({ ok: false, refusal: 'unknown-action' });
  });

  it('needs a reason to cancel', () => {
    for (const action of ['cancel', 'vendorCancel', 'adminCancel'] as const) {
      const party = ORDER_TRANSITIONS[action].by[0];
      expect(checkTransition(action, 'paid', party)).toEqual({ ok: false, refusal: 'reason-required' });
      expect(checkTransition(action, 'paid', party, { reason: '   ' })).toEqual({
        ok: false,
        refusal: 'reason-required',
      });
      expect(checkTransition(action, 'paid', party, { reason: 'Event postponed' }).ok).toBe(true);
    }
  });

  it('completes on its own exactly 24 h after delivery, not a millisecond before', () => {
    const at = (iso: string) => ({
      now: new Date(iso),
      enteredAt: { delivered: new Date('2026-12-01T18:00:00Z') },
      deliveryDate: new Date('2026-12-01T18:00:00Z'),
    });
    expect(checkTransition('autoComplete', 'delivered', 'system', at('2026-12-02T17:59:59.999Z'))).toEqual({
      ok: false,
      refusal: 'too-early',
    });
    expect(checkTransition('autoComplete', 'delivered', 'system', at('2026-12-02T18:00:00.000Z')).ok).toBe(
      true,
    );
    expect(
      autoCompleteAt({
        deliveredAt: new Date('2026-12-01T18:00:00Z'),
        deliveryDate: new Date('2026-12-01T18:00:00Z'),
      }),
    ).toEqual(new Date('2026-12-02T18:00:00Z'));
    expect(
      checkTransition('autoComplete', 'delivered', 'system', { now: LATER, deliveryDate: DELIVERED_AT }),
    ).toEqual({
      ok: false,
      refusal: 'too-early',
    });
  });

  it('cancels an unpaid order only 24 h after it was made, and only the system does', () => {
    const at = (ms: number) => ({ now: new Date(ms), enteredAt: { pending: DELIVERED_AT } });
    const due = Date.parse('2026-12-02T18:00:00Z');
    expect(checkTransition('expire', 'pending', 'system', at(due - 1))).toEqual({
      ok: false,
      refusal: 'too-early',
    });
    expect(checkTransition('expire', 'pending', 'system', at(due))).toMatchObject({
      ok: true,
      to: 'cancelled',
    });
    expect(checkTransition('expire', 'paid', 'system', at(due))).toEqual({
      ok: false,
      refusal: 'wrong-status',
    });
    expect(checkTransition('expire', 'pending', 'customer', at(due))).toEqual({
      ok: false,
      refusal: 'not-allowed',
    });
  });

  it('offers each party the actions its table gives it', () => {
    expect(actionsFor('paid', 'vendor')).toEqual(['confirm', 'vendorCancel']);
    expect(actionsFor('paid', 'customer')).toEqual(['cancel']);
    expect(actionsFor('in_progress', 'customer')).toEqual([]);
    expect(actionsFor('delivered', 'customer')).toEqual(['confirmSatisfied']);
    for (const status of FINAL_ORDER_STATUSES)
      for (const party of ORDER_PARTIES) expect(actionsFor(status, party)).toEqual([]);
  });

  it('names the cancellation when it is the only change a party could make, and nothing else', () => {
    // A vendor's unpaid order: cancelling is all there is, so it is offered directly.
    expect(onlyCancellation('pending', 'vendor')).toBe('vendorCancel');
    expect(onlyCancellation('paid', 'customer')).toBe('cancel');
    // Another change besides cancelling, a change that is not one, or none at all.
    expect(onlyCancellation('paid', 'vendor')).toBeNull();
    expect(onlyCancellation('delivered', 'customer')).toBeNull();
    expect(onlyCancellation('in_progress', 'vendor')).toBeNull();
    expect(onlyCancellation('cancelled', 'vendor')).toBeNull();
    // Derived from the table: exactly where the party's actions are a single one leading to cancelled.
    for (const status of ORDER_STATUSES)
      for (const party of ORDER_PARTIES) {
        const actions = actionsFor(status, party);
        const expected =
          actions.length === 1 && ORDER_TRANSITIONS[actions[0]!].to === 'cancelled' ? actions[0] : null;
        expect(onlyCancellation(status, party), `${party} ${status}`).toBe(expected);
      }
  });

  it('calls completed and cancelled final, and nothing else', () => {
    expect(ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual(['completed', 'cancelled']);
    expect(isFinalOrderStatus('completed')).toBe(true);
    expect(isFinalOrderStatus('cancelled')).toBe(true);
    expect(isFinalOrderStatus('delivered')).toBe(false);
    expect(isFinalOrderStatus('refunded')).toBe(false);
  });

  it('tells the timeline what happened, with the windows in hours', () => {
    expect(orderEventLabel('created')).toBe('Order placed');
    expect(orderEventLabel('pay')).toBe('Payment received');
    expect(orderEventLabel('expire')).toBe('Cancelled: not paid within 24 hours');
    expect(orderEventLabel('balanceUnpaid')).toBe(
      'Cancelled: the balance was not paid 48 hours before the event',
    );
    expect(orderEventLabel('autoComplete')).toBe(
      'Completed automatically: no claim within 24 hours of delivery',
    );
    // An action this version does not know (an older row) reads as itself.
    expect(orderEventLabel('refund')).toBe('refund');
  });

  it('reaches every status from pending, and none is a dead end but the final ones', () => {
    expect([...reachableStatuses()].sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of ORDER_STATUSES) {
      const leaves = ORDER_PARTIES.some((party) => actionsFor(status, party).length > 0);
      expect(leaves, status).toBe(!(FINAL_ORDER_STATUSES as readonly string[]).includes(status));
    }
  });

  it('never lets random sequences of attempts reach a status the table forbids', () => {
    const attempt = fc.record({
      action: fc.constantFrom(...ORDER_ACTIONS, 'refund', 'complete'),
      party: fc.constantFrom(...ORDER_PARTIES),
      reason: fc.option(fc.constantFrom('', ' ', 'Event postponed'), { nil: undefined }),
      hoursLater: fc.integer({ min: 0, max: 48 }),
    });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 40 }), (attempts) => {
        let status: OrderStatus = 'pending';
        let now = new Date('2026-12-01T00:00:00Z');
        // An event the next day: the delivery window opens and its day ends within the attempts' reach.
        const deliveryDate = new Date('2026-12-02T20:00:00Z');
        const enteredAt: Partial<Record<OrderStatus, Date>> = { pending: now };
        const path: OrderStatus[] = [status];
        for (const a of attempts) {
          now = new Date(now.getTime() + a.hoursLater * 3_600_000);
          const check = checkTransition(a.action, status, a.party as OrderParty, {
            reason: a.reason,
            now,
            enteredAt,
            deliveryDate,
          });
          if (!check.ok) continue;
          expect(ALLOWED).toContain(`${a.action} ${a.party}: ${status} -> ${check.to}`);
          // Ready and delivered only from 00:00 the day before (Dec 1, 07:00 UTC: British Columbia
          // keeps UTC-7 all year since March 2026); the system completes only once Dec 2 has ended.
          if (check.to === 'ready' || check.to === 'delivered')
            expect(now.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-12-01T07:00:00Z'));
          if (a.action === 'autoComplete')
            expect(now.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-12-03T07:00:00Z'));
          status = check.to;
          enteredAt[status] = now;
          path.push(status);
        }
        // Order is kept: each status comes at most once, final ones end the path, and production,
        // once started, is never cancelled but by an admin.
        expect(new Set(path).size).toBe(path.length);
        for (const final of FINAL_ORDER_STATUSES) {
          const at = path.indexOf(final);
          if (at >= 0) expect(at).toBe(path.length - 1);
        }
        if (path.includes('completed')) expect(path.at(-2)).toBe('delivered');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the delivery window and the release of funds', () => {
  // A Saturday event at noon in Vancouver (19:00 UTC; April is UTC-7 under every tzdata).
  const EVENT = new Date('2027-04-24T19:00:00Z');
  const vendorAt = (action: 'markReady' | 'deliver', now: string, deliveryDate: Date | null = EVENT) =>
    checkTransition(action, action === 'markReady' ? 'in_progress' : 'ready', 'vendor', {
      now: new Date(now),
      deliveryDate,
    });

  it('opens Mark Ready and Mark Delivered at 00:00 Vancouver time on the day before the delivery date', () => {
    for (const action of ['markReady', 'deliver'] as const) {
      // 23:59:59.999 on Thursday April 22 in Vancouver: refused, saying when it opens.
      expect(vendorAt(action, '2027-04-23T06:59:59.999Z')).toEqual({
        ok: false,
        refusal: 'before-delivery-window',
        opensAt: new Date('2027-04-23T07:00:00.000Z'),
      });
      expect(vendorAt(action, '2027-04-23T07:00:00.000Z').ok).toBe(true);
      // Months ahead, as in the report: refused.
      expect(vendorAt(action, '2026-12-01T17:00:00Z').ok).toBe(false);
      // On the day and after it (a late delivery) it stays open.
      expect(vendorAt(action, '2027-04-24T18:00:00Z').ok).toBe(true);
      expect(vendorAt(action, '2027-04-26T18:00:00Z').ok).toBe(true);
    }
    expect(deliveryWindowOpensAt(EVENT)).toEqual(new Date('2027-04-23T07:00:00.000Z'));
    expect(isDeliveryWindowOpen({ deliveryDate: EVENT, now: new Date('2027-04-23T06:59:59.999Z') })).toBe(
      false,
    );
    expect(isDeliveryWindowOpen({ deliveryDate: EVENT, now: new Date('2027-04-23T07:00:00Z') })).toBe(true);
  });

  it('counts the delivery date in Vancouver, not in UTC, whatever the offset that day', () => {
    // 23:30 on April 24 in Vancouver is already April 25 in UTC: still the day before is April 23.
    expect(deliveryWindowOpensAt('2027-04-25T06:30:00Z')).toEqual(new Date('2027-04-23T07:00:00Z'));
    // January 2026 was still PST (UTC-8): the window opens at 08:00 UTC.
    expect(deliveryWindowOpensAt('2026-01-15T20:00:00Z')).toEqual(new Date('2026-01-14T08:00:00Z'));
    // The day after clocks moved forward (Sunday March 8, 2026): midnight was still PST.
    expect(deliveryWindowOpensAt('2026-03-09T19:00:00Z')).toEqual(new Date('2026-03-08T08:00:00Z'));
    // The first of a month opens on the last day of the one before.
    expect(deliveryWindowOpensAt('2027-05-01T19:00:00Z')).toEqual(new Date('2027-04-30T07:00:00Z'));
  });

  it('says when the window opens, in words', () => {
    const opensAt = new Date('2027-04-23T07:00:00Z');
    expect(deliveryWindowMessage('markReady', opensAt)).toBe(
      'You can mark this order ready from Friday, April 23, 2027.',
    );
    expect(deliveryWindowMessage('deliver', opensAt)).toBe(
      'You can mark this order delivered from Friday, April 23, 2027.',
    );
    const now = new Date('2027-04-22T12:00:00Z');
    expect(deliveryWindowNote('markReady', { deliveryDate: EVENT, now })).toBe(
      'You can mark this order ready from Friday, April 23, 2027.',
    );
    // Other actions are not held by the window, and an open window holds nothing.
    expect(deliveryWindowNote('confirm', { deliveryDate: EVENT, now })).toBeNull();
    expect(deliveryWindowNote('deliver', { deliveryDate: EVENT, now: opensAt })).toBeNull();
  });

  it('never opens for an order without a delivery date, and says so', () => {
    expect(vendorAt('markReady', '2027-04-23T07:00:00Z', null)).toEqual({
      ok: false,
      refusal: 'before-delivery-window',
      opensAt: null,
    });
    expect(deliveryWindowMessage('deliver', null)).toBe(
      'This order has no delivery date, so it can’t be marked delivered. Please contact Frosted support.',
    );
    expect(fundsReleasableAt(null)).toBeNull();
    expect(autoCompleteAt({ deliveredAt: new Date('2027-04-23T08:00:00Z'), deliveryDate: null })).toBeNull();
  });

  it('releases funds by itself only once the delivery day has ended in Vancouver', () => {
    // April 24 ends at 00:00 on April 25 in Vancouver: 07:00 UTC.
    expect(fundsReleasableAt(EVENT)).toEqual(new Date('2027-04-25T07:00:00Z'));
    expect(canReleaseFunds({ deliveryDate: EVENT, now: new Date('2027-04-25T06:59:59.999Z') })).toBe(false);
    expect(canReleaseFunds({ deliveryDate: EVENT, now: new Date('2027-04-25T07:00:00Z') })).toBe(true);
    expect(canReleaseFunds({ deliveryDate: null, now: new Date('2030-01-01T00:00:00Z') })).toBe(false);

    // Delivered the morning before (inside the window): 24 h later is still the event day, so no.
    const early = { delivered: new Date('2027-04-23T15:00:00Z') };
    const auto = (now: string) =>
      checkTransition('autoComplete', 'delivered', 'system', {
        now: new Date(now),
        enteredAt: early,
        deliveryDate: EVENT,
      });
    expect(auto('2027-04-24T15:00:00Z')).toEqual({ ok: false, refusal: 'too-early' });
    expect(auto('2027-04-25T06:59:59.999Z')).toEqual({ ok: false, refusal: 'too-early' });
    expect(auto('2027-04-25T07:00:00Z').ok).toBe(true);
    expect(autoCompleteAt({ deliveredAt: early.delivered, deliveryDate: EVENT })).toEqual(
      new Date('2027-04-25T07:00:00Z'),
    );
    // Delivered on the day: the customer's 24 hours are the later bound.
    expect(autoCompleteAt({ deliveredAt: new Date('2027-04-24T18:00:00Z'), deliveryDate: EVENT })).toEqual(
      new Date('2027-04-25T18:00:00Z'),
    );
  });

  it('lets the customer confirm they are satisfied as soon as the order is delivered', () => {
    // Their own word releases their own money (docs/decisions/014-delivery-window.md).
    expect(
      checkTransition('confirmSatisfied', 'delivered', 'customer', {
        now: new Date('2027-04-23T16:00:00Z'),
        deliveryDate: EVENT,
      }).ok,
    ).toBe(true);
  });
});

describe('orders that take a day of the vendor’s capacity', () => {
  it('are every order but a cancelled one, unpaid (pending) and completed ones included', () => {
    expect(ORDER_STATUSES_TAKING_A_DAY).toEqual([
      'pending',
      'paid',
      'confirmed',
      'in_progress',
      'ready',
      'delivered',
      'completed',
    ]);
    expect(
      ORDER_STATUSES.filter((s) => !(ORDER_STATUSES_TAKING_A_DAY as readonly string[]).includes(s)),
    ).toEqual(['cancelled']);
  });
});
