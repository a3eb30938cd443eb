import { describe, expect, it } from 'vitest';
import {
  canSendProof,
  changeCutoffAt,
  changesOpen,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  designLockedText,
  PROOF_MESSAGES,
  proofSteps,
  proofsOpenFor,
} from './proofs.ts';
import { formatDateTime, vancouverDay } from './time.ts';

const HOUR = 3_600_000;
const SECOND = 1_000;
const event = new Date('2026-12-24T18:00:00Z');

describe('the change cut-off', () => {
  it('is the vendor’s hours before the event, 72 by default', () => {
    expect(DEFAULT_CHANGE_CUTOFF_HOURS).toBe(72);
    // Three days before an event at 18:00 UTC on Dec 24.
    expect(changeCutoffAt(event, DEFAULT_CHANGE_CUTOFF_HOURS)).toEqual(new Date('2026-12-21T18:00:00Z'));
    expect(changeCutoffAt(event.toISOString(), 24)).toEqual(new Date('2026-12-23T18:00:00Z'));
    expect(changeCutoffAt(event, 0)).toEqual(event);
  });

  it('changes are open until the cut-off and closed from that instant on', () => {
    const cutoff = changeCutoffAt(event, 72)!;
    const at = (ms: number) => changesOpen({ deliveryDate: event, cutoffHours: 72, now: new Date(ms) });
    expect(at(cutoff.getTime() - SECOND)).toBe(true);
    expect(at(cutoff.getTime() - 1)).toBe(true);
    expect(at(cutoff.getTime())).toBe(false);
    expect(at(cutoff.getTime() + SECOND)).toBe(false);
    expect(at(event.getTime() + HOUR)).toBe(false);
  });

  it('has no cut-off without a delivery time', () => {
    expect(changeCutoffAt(null, 72)).toBeNull();
    expect(changesOpen({ deliveryDate: null, cutoffHours: 72, now: new Date() })).toBe(true);
  });

  it('refuses hours that are not a whole number of at least 0', () => {
    expect(() => changeCutoffAt(event, -1)).toThrow(
      new RangeError('cut-off hours must be a whole number ≥ 0, got -1'),
    );
    expect(() => changeCutoffAt(event, 1.5)).toThrow(RangeError);
  });

  // B.C. keeps daylight time all year from March 8, 2026 (tzdata 2026a), so the last fall-back is
  // Nov 2, 2025 and the last change of all is the spring-forward of March 8, 2026.
  it('counts elapsed hours across the fall-back change in Vancouver (Nov 2, 2025)', () => {
    // Noon PST on Nov 4; 72 real hours earlier is Nov 1 in daylight time, 1 p.m. on the wall clock.
    const tuesday = new Date('2025-11-04T20:00:00Z');
    expect(formatDateTime(tuesday)).toMatch(/12:00\sp\.m\./);
    const cutoff = changeCutoffAt(tuesday, 72)!;
    expect(cutoff).toEqual(new Date('2025-11-01T20:00:00Z'));
    expect(vancouverDay(cutoff)).toBe('2025-11-01');
    expect(formatDateTime(cutoff)).toMatch(/1:00\sp\.m\./);
    expect(changesOpen({ deliveryDate: tuesday, cutoffHours: 72, now: new Date(cutoff.getTime() - 1) })).toBe(
      true,
    );
    expect(changesOpen({ deliveryDate: tuesday, cutoffHours: 72, now: cutoff })).toBe(false);
  });

  it('and across the spring-forward change (Mar 8, 2026): 11 a.m. standard time for a noon event', () => {
    const event = new Date('2026-03-10T19:00:00Z');
    expect(formatDateTime(event)).toMatch(/12:00\sp\.m\./);
    const cutoff = changeCutoffAt(event, 72)!;
    expect(cutoff).toEqual(new Date('2026-03-07T19:00:00Z'));
    expect(formatDateTime(cutoff)).toMatch(/Mar 7, 2026, 11:00\sa\.m\./);
  });
});

describe('who sends the next proof', () => {
  it('the vendor sends the first round and the next once changes were asked for, only on a paid order', () => {
    expect(canSendProof('paid', undefined)).toBe(true);
    expect(canSendProof('in_progress', 'changes_requested')).toBe(true);
    expect(canSendProof('confirmed', 'sent')).toBe(false);
    expect(canSendProof('confirmed', 'approved')).toBe(false);
    expect(canSendProof('pending', undefined)).toBe(false);
    expect(canSendProof('ready', 'changes_requested')).toBe(false);
    expect(canSendProof('cancelled', undefined)).toBe(false);
  });
});

describe('the proof rounds in the order’s history', () => {
  const at = (iso: string) => new Date(iso);
  it('lists each round sent, then its answer, oldest round first, whatever order they come in', () => {
    expect(
      proofSteps([
        {
          round: 2,
          status: 'approved',
          createdAt: at('2026-12-03T10:00:00Z'),
          respondedAt: at('2026-12-04T10:00:00Z'),
        },
        {
          round: 1,
          status: 'changes_requested',
          createdAt: at('2026-12-01T10:00:00Z'),
          respondedAt: at('2026-12-02T10:00:00Z'),
        },
        { round: 3, status: 'sent', createdAt: at('2026-12-05T10:00:00Z'), respondedAt: null },
      ]),
    ).toEqual([
      { key: 'proof-1-sent', label: 'Design proof 1 sent', party: 'vendor', at: '2026-12-01T10:00:00.000Z' },
      {
        key: 'proof-1-changes_requested',
        label: 'Changes requested to design proof 1',
        party: 'customer',
        at: '2026-12-02T10:00:00.000Z',
      },
      { key: 'proof-2-sent', label: 'Design proof 2 sent', party: 'vendor', at: '2026-12-03T10:00:00.000Z' },
      {
        key: 'proof-2-approved',
        label: 'Design proof 2 approved',
        party: 'customer',
        at: '2026-12-04T10:00:00.000Z',
      },
      { key: 'proof-3-sent', label: 'Design proof 3 sent', party: 'vendor', at: '2026-12-05T10:00:00.000Z' },
    ]);
  });

  it('shows no answer for a round still waiting, nor for an answer without its time', () => {
    const sent = { round: 1, createdAt: at('2026-12-01T10:00:00Z') };
    expect(proofSteps([{ ...sent, status: 'sent', respondedAt: at('2026-12-02T10:00:00Z') }])).toHaveLength(
      1,
    );
    expect(proofSteps([{ ...sent, status: 'approved', respondedAt: null }])).toHaveLength(1);
    expect(proofSteps([])).toEqual([]);
  });

  it('are sent and answered once the order is paid, until the cake is ready', () => {
    expect(
      ['pending', 'paid', 'confirmed', 'in_progress', 'ready', 'delivered'].filter(proofsOpenFor),
    ).toEqual(['paid', 'confirmed', 'in_progress']);
  });
});

describe('what people are told', () => {
  it('names the cut-off in Vancouver time and the hours', () => {
    const cutoff = new Date('2026-12-21T18:00:00Z');
    expect(designLockedText(cutoff, 72)).toBe(
      `Design locked ${formatDateTime(cutoff)}: changes closed 72 hours before the event.`,
    );
    // Daylight time all year now: 18:00 UTC is 11 a.m. in December 2026.
    expect(formatDateTime(cutoff)).toMatch(/^Dec 21, 2026, 11:00\sa\.m\.$/);
    expect(PROOF_MESSAGES.changesClosed(cutoff, 72)).toContain('72 hours before the event');
  });
});
