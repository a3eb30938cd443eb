import { describe, expect, it } from 'vitest';
import { checkTransition, type OrderParty } from '../../../shared/order-machine.ts';
import type { OrderStatus } from '../../../shared/order-status.ts';
import { demoOrderEvents, demoOrders } from './demo-activity.ts';

describe('the demo orders', () => {
  // Seeded at any hour: the histories are written relative to the seed time.
  const seedTimes = ['2026-12-01T17:00:00Z', '2027-04-24T06:30:00Z', '2027-07-01T23:59:00Z'];

  it.each(seedTimes)('have histories the lifecycle allows, delivery window included (seeded %s)', (at) => {
    const now = new Date(at);
    for (const order of demoOrders(now)) {
      const events = demoOrderEvents(order, 'customer', now);
      const enteredAt: Partial<Record<OrderStatus, Date>> = {};
      let status: OrderStatus = 'pending';
      for (const e of events.slice(1)) {
        const check = checkTransition(e.action, status, e.party as OrderParty, {
          now: e.createdAt,
          enteredAt,
          deliveryDate: order.deliveryDate,
        });
        expect(check, `${order.id} ${e.action}`).toMatchObject({ ok: true, to: e.toStatus });
        status = e.toStatus as OrderStatus;
        enteredAt[status] = e.createdAt;
      }
      expect(status).toBe(order.status);
    }
  });

  it.each(seedTimes)('are delivered or picked up at 1 p.m. in Vancouver (seeded %s)', (at) => {
    const hour = new Intl.DateTimeFormat('en-CA', {
      hour: 'numeric',
      minute: '2-digit',
      hour12: false,
      timeZone: 'America/Vancouver',
    });
    for (const order of demoOrders(new Date(at))) expect(hour.format(order.deliveryDate)).toBe('13:00');
  });
});
