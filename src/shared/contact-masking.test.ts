import { describe, expect, it } from 'vitest';
import { MASK, maskContactDetails } from './contact-masking.ts';

/** The words people see in place of contact details; written out, so a changed mask fails here. */
const HIDDEN = '[hidden until payment]';

describe('maskContactDetails', () => {
  it('shows "[hidden until payment]" in place of a contact', () => {
    expect(MASK).toBe('[hidden until payment]');
    expect(maskContactDetails('Call me at 604-555-0142')).toBe('Call me at [hidden until payment]');
  });

  it.each([
    ['Call me at 604-555-0142', `Call me at ${HIDDEN}`],
    ['+1 (604) 555 0142 anytime', `${HIDDEN} anytime`],
    // Seven digits are a phone number (a local number without its area code).
    ['call 555-0142 tonight', `call ${HIDDEN} tonight`],
    ['5550142', HIDDEN],
    ['mail sofia@sweetdreams.ca please', `mail ${HIDDEN} please`],
    ['jo.smith+cakes@mail.example.org', HIDDEN],
    ['sofia at sweetdreams dot ca', HIDDEN],
    // Spaced out to get past a filter.
    ['sofia @ sweetdreams . ca', HIDDEN],
    ['sofia(at)sweetdreams(dot)ca', HIDDEN],
    ['sofia [at] sweetdreams [dot] ca', HIDDEN],
    ['write to sofia@sweetdreams.co.uk', `write to ${HIDDEN}`],
    ['see https://sweetdreams.ca/order', `see ${HIDDEN}`],
    ['see http://sweetdreams.ca/order', `see ${HIDDEN}`],
    ['http://10.0.0.1/cakes', HIDDEN],
    ['www.example.com/cakes', HIDDEN],
    ['www.sweetdreams.co.uk', HIDDEN],
    ['find us on sweetdreams.com', `find us on ${HIDDEN}`],
    ['see sweetdreams.com/cakes/wedding for more', `see ${HIDDEN} for more`],
    ['DM @sweetdreamsyvr on insta', `DM ${HIDDEN} on insta`],
    // A message that starts with the handle.
    ['@sweetdreamsyvr is us', `${HIDDEN} is us`],
    ['on insta:\n@sweet_dreams.yvr', `on insta:\n${HIDDEN}`],
  ])('masks %j', (input, expected) => {
    expect(maskContactDetails(input)).toBe(expected);
  });

  it('masks the name of a .co.uk site, the rest of the address saying nothing', () => {
    // Known wart: ".uk" stays after the mask (the domain list ends at ".co"); the name is gone.
    expect(maskContactDetails('sweetdreams.co.uk')).toBe(`${HIDDEN}.uk`);
  });

  it.each([
    'A 3-tier cake for 120 guests on June 14, 2027',
    'Budget is $450.00 for 2 tiers',
    'Order FR-DEMO-1001 looked lovely. Thanks!',
    // Numbers with separators but fewer than seven digits are sizes and dates, not phone numbers.
    'Tiers of 6 - 8 - 10 inches',
    'Serves 12 (or 14)',
    'Pick up at 2 p.m. on Saturday',
    // Two letters after @ are not a handle.
    'Let me know @ 5',
    'me@ab',
  ])('keeps ordinary text: %j', (input) => {
    expect(maskContactDetails(input)).toBe(input);
  });
});
