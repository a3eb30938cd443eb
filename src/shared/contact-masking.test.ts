import { describe, expect, it } from 'vitest';
import { MASK, maskContactDetails } from './contact-masking.ts';

describe('maskContactDetails', () => {
  it.each([
    ['Call me at 604-555-0142', `Call me at ${MASK}`],
    ['+1 (604) 555 0142 anytime', `${MASK} anytime`],
    ['mail sofia@sweetdreams.ca please', `mail ${MASK} please`],
    ['sofia at sweetdreams dot ca', MASK],
    ['see https://sweetdreams.ca/order', `see ${MASK}`],
    ['www.example.com/cakes', MASK],
    ['find us on sweetdreams.com', `find us on ${MASK}`],
    ['DM @sweetdreamsyvr on insta', `DM ${MASK} on insta`],
  ])('masks %s', (input, expected) => {
    expect(maskContactDetails(input)).toBe(expected);
  });

  it.each([
    'A 3-tier cake for 120 guests on June 14, 2027',
    'Budget is $450.00 for 2 tiers',
    'Order FR-DEMO-1001 looked lovely. Thanks!',
  ])('keeps ordinary text: %s', (input) => {
    expect(maskContactDetails(input)).toBe(input);
  });
});
