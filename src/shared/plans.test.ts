import { describe, expect, it } from 'vitest';
import {
  eventOccasion,
  eventTypeLabel,
  planCategories,
  planTransferGroup,
  STARTING_CATEGORIES,
} from './plans.ts';
import { planInputSchema } from './schemas/plans.ts';

describe('event plans', () => {
  it('keeps a checklist in the catalogue’s order, each category once, unknown ones dropped', () => {
    expect(planCategories(['photography', 'cakes', 'balloons', 'cakes'])).toEqual(['cakes', 'photography']);
  });

  it('starts each kind of event with categories of the catalogue', () => {
    for (const list of Object.values(STARTING_CATEGORIES)) expect(planCategories(list)).toEqual(list);
  });

  it('names types and their quote occasion, and an event’s transfer group', () => {
    expect(eventTypeLabel('baby-shower')).toBe('Baby Shower');
    expect(eventOccasion('corporate')).toBe('Corporate Event');
    expect(eventOccasion('other')).toBe('Custom Design');
    expect(planTransferGroup('p1')).toBe('event:p1');
  });

  it('reads guests and the budget as typed numbers and refuses a venue outside BC', () => {
    const plan = {
      type: 'wedding',
      title: 'Ours',
      eventDate: '2027-06-12',
      startTime: '16:00',
      venueAddress: '1489 McRae Ave, Vancouver, BC V6H 1V1',
      guests: '120',
      budgetCents: '250000',
      categories: ['cakes'],
    };
    expect(planInputSchema.parse(plan)).toMatchObject({ guests: 120, budgetCents: 250_000 });
    const outside = planInputSchema.safeParse({ ...plan, venueAddress: '1 Main St, Calgary, AB T2P 1J9' });
    expect(outside.error?.issues[0]?.message).toBe(
      'Enter a venue address in British Columbia, with its postal code (V…).',
    );
    expect(planInputSchema.safeParse({ ...plan, startTime: '24:00' }).success).toBe(false);
    expect(planInputSchema.safeParse({ ...plan, categories: ['cakes', 'cakes'] }).success).toBe(false);
  });
});
