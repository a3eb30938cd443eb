import { describe, expect, it } from 'vitest';
import { isBritishColumbiaAddress, quoteAcceptSchema, quoteBriefSchema } from './quotes.ts';

const brief = (extra: Record<string, unknown>) => ({
  occasion: 'Birthday',
  flavor: 'Lemon',
  size: '8 inch (8-10)',
  servings: 10,
  fulfillment: 'delivery',
  eventDate: '2026-12-20',
  ...extra,
});

/** The message the form shows at the address field (the server answers the same). */
const addressMessage = (deliveryAddress: string) =>
  quoteBriefSchema
    .safeParse(brief({ deliveryAddress }))
    .error?.issues.find((i) => i.path[0] === 'deliveryAddress')?.message;

describe('the delivery address is in British Columbia', () => {
  it('by its postal code, in any case, with or without the space', () => {
    for (const address of [
      '88 Granville St, Vancouver V6C 1T2',
      '88 Granville St, Vancouver v6c1t2',
      '4567 Hastings Street Burnaby V5C2K1',
      'V8W 1G6',
    ])
      expect(isBritishColumbiaAddress(address), address).toBe(true);
  });

  it('or by the province, after a comma or spelt out', () => {
    for (const address of [
      '100 Main St, Vancouver, BC',
      '620 Fort Street, Victoria, B.C.',
      '12 Cedar Rd, Burnaby, bc',
      '5015 48 Avenue, Delta British Columbia',
    ])
      expect(isBritishColumbiaAddress(address), address).toBe(true);
  });

  it('and not otherwise: other provinces’ codes, no province, BC inside a word', () => {
    for (const address of [
      '350 5th Ave, New York, NY 10118',
      '100 8 Ave SW, Calgary, AB T2P 1J9',
      '12 Cedar Rd, Burnaby',
      '1 Abcde Road, Toronto, ON M5V 2T6',
      '9 Main St, BCville',
      'VV6C 1T2',
    ])
      expect(isBritishColumbiaAddress(address), address).toBe(false);
  });

  it('says so at the field, and asks for an address when there is none; pickup needs none', () => {
    expect(addressMessage('12 Cedar Rd, Burnaby')).toBe(
      'Enter a delivery address in British Columbia, with its postal code (V…).',
    );
    expect(addressMessage('  ')).toBe('Please enter the delivery address in British Columbia.');
    expect(addressMessage('12 Cedar Rd, Burnaby, BC V5C 2K1')).toBeUndefined();
    expect(quoteBriefSchema.safeParse(brief({ fulfillment: 'pickup' })).success).toBe(true);
  });

  it('is checked even while other fields are wrong, so the form shows every message at once', () => {
    const result = quoteBriefSchema.safeParse(
      brief({ occasion: '', servings: '', deliveryAddress: '350 5th Ave, New York' }),
    );
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['occasion', 'Please choose the occasion.'],
      ['servings', 'Please enter how many people it should serve (1 to 500).'],
      ['deliveryAddress', 'Enter a delivery address in British Columbia, with its postal code (V…).'],
    ]);
  });
});

describe('accepting a quote', () => {
  it('names the revision the customer read', () => {
    expect(quoteAcceptSchema.safeParse({ revision: 2 }).success).toBe(true);
    for (const bad of [{}, { revision: 0 }, { revision: 1.5 }, { revision: '2' }])
      expect(quoteAcceptSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
