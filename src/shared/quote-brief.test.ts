import { describe, expect, it } from 'vitest';
import {
  briefAddress,
  briefSubject,
  briefTitle,
  fulfillmentLabel,
  isPickup,
  presentBrief,
} from './quote-brief.ts';
import { cakeBriefSchema, eventBriefSchema, quoteBriefSchema } from './schemas/quotes.ts';

const cake = cakeBriefSchema.parse({
  occasion: 'Birthday',
  flavor: 'Lemon',
  size: '8 inch (8-10)',
  servings: 10,
  fulfillment: 'pickup',
  eventDate: '2027-01-10',
  allergies: 'Peanuts',
});
const flowers = eventBriefSchema.parse({
  kind: 'event',
  category: 'flowers',
  occasion: 'Wedding',
  eventDate: '2027-06-12',
  eventTime: '13:00',
  venueAddress: '1489 McRae Ave, Vancouver, BC V6H 1V1',
  guests: 120,
});

describe('briefs', () => {
  it('reads a brief without a kind as a cake’s, and an event vendor’s by its kind', () => {
    expect(quoteBriefSchema.parse({ ...cake, kind: undefined }).kind).toBe('cake');
    expect(quoteBriefSchema.parse(flowers).kind).toBe('event');
    const cakeForFlorist = quoteBriefSchema.safeParse({ ...flowers, category: 'cakes' });
    expect(cakeForFlorist.error?.issues[0]?.path).toEqual(['category']);
  });

  it('names what each brief is for, where it goes and how', () => {
    expect(briefTitle(cake)).toBe('Birthday cake, serves 10');
    expect(briefTitle(flowers)).toBe('Flowers for a wedding, 120 guests');
    expect(briefSubject(cake)).toBe('birthday cake');
    expect(briefSubject(flowers)).toBe('flowers');
    expect(briefAddress(cake)).toBeNull();
    expect(
      briefAddress({ ...cake, fulfillment: 'delivery', deliveryAddress: '1 Main St, Vancouver, BC' }),
    ).toBe('1 Main St, Vancouver, BC');
    expect(briefAddress(flowers)).toBe('1489 McRae Ave, Vancouver, BC V6H 1V1');
    expect([isPickup(cake), isPickup(flowers)]).toEqual([true, false]);
    expect(fulfillmentLabel(cake)).toBe('Pickup');
    expect(fulfillmentLabel(flowers)).toBe('Sets up at the venue');
  });

  it('shows the customer’s free text through the masking it is given', () => {
    const mask = (t: string | undefined) => t && '[hidden]';
    expect(presentBrief(cake, mask)).toMatchObject({ kind: 'cake', allergies: '[hidden]' });
    expect(presentBrief({ ...flowers, notes: 'Call 604-555-0100' }, mask)).toMatchObject({
      kind: 'event',
      notes: '[hidden]',
    });
  });
});
