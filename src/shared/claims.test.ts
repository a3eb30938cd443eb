import { describe, expect, it } from 'vitest';
import { claimRefusal } from './claims.ts';

// Delivered at 18:00 UTC on Dec 24: the window is open until 18:00 UTC on Dec 25 (24 hours later).
const OPEN_UNTIL = '2026-12-25T18:00:00.000Z';

describe('opening a satisfaction claim', () => {
  it('is allowed on a delivered order while its 24-hour window is open and it has no claim', () => {
    expect(claimRefusal({ status: 'delivered', hasClaim: false, claimOpenUntil: OPEN_UNTIL })).toBeNull();
  });

  it('is refused once the window has closed (24 hours after delivery)', () => {
    expect(claimRefusal({ status: 'delivered', hasClaim: false, claimOpenUntil: null })).toBe('windowClosed');
  });

  it('is refused before delivery, and after the order moved on', () => {
    for (const status of ['pending', 'confirmed', 'in_progress', 'ready', 'completed', 'cancelled'])
      expect(claimRefusal({ status, hasClaim: false, claimOpenUntil: null })).toBe('notDelivered');
  });

  it('names an existing claim first: one claim per order', () => {
    expect(claimRefusal({ status: 'delivered', hasClaim: true, claimOpenUntil: null })).toBe('exists');
    expect(claimRefusal({ status: 'completed', hasClaim: true, claimOpenUntil: null })).toBe('exists');
  });
});
