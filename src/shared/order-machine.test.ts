import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_COMPLETE_HOURS,
  UNPAID_EXPIRY_HOURS,
  FINAL_ORDER_STATUSES,
  ORDER_ACTIONS,
  ORDER_PARTIES,
  ORDER_TRANSITIONS,
  actionsFor,
  checkTransition,
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
const LATER = new Date(DELIVERED_AT.getTime() + AUTO_COMPLETE_HOURS * 3_600_000);
// Every condition met, so only status and party decide.
const satisfied = {
  reason: 'Change of plans',
  now: LATER,
  enteredAt: { pending: DELIVERED_AT, delivered: DELIVERED_AT },
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

  it(`completes on its own only ${AUTO_COMPLETE_HOURS} h after delivery, to the millisecond`, () => {
    const at = (ms: number) => ({ now: new Date(ms), enteredAt: { delivered: DELIVERED_AT } });
    expect(checkTransition('autoComplete', 'delivered', 'system', at(LATER.getTime() - 1))).toEqual({
      ok: false,
      refusal: 'too-early',
    });
    expect(checkTransition('autoComplete', 'delivered', 'system', at(LATER.getTime())).ok).toBe(true);
    expect(checkTransition('autoComplete', 'delivered', 'system', { now: LATER })).toEqual({
      ok: false,
      refusal: 'too-early',
    });
  });

  it(`cancels an unpaid order only ${UNPAID_EXPIRY_HOURS} h after it was made, and only the system does`, () => {
    const at = (ms: number) => ({ now: new Date(ms), enteredAt: { pending: DELIVERED_AT } });
    const due = DELIVERED_AT.getTime() + UNPAID_EXPIRY_HOURS * 3_600_000;
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
        const enteredAt: Partial<Record<OrderStatus, Date>> = { pending: now };
        const path: OrderStatus[] = [status];
        for (const a of attempts) {
          now = new Date(now.getTime() + a.hoursLater * 3_600_000);
          const check = checkTransition(a.action, status, a.party as OrderParty, {
            reason: a.reason,
            now,
            enteredAt,
          });
          if (!check.ok) continue;
          expect(ALLOWED).toContain(`${a.action} ${a.party}: ${status} -> ${check.to}`);
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
