import { describe, expect, it } from 'vitest';
import { VENDOR_CATEGORY_VALUES } from './catalog.ts';
import { planBriefDefaults, planVenueTime, requestCategory, venueTimeLabel } from './event-request.ts';

describe('venueTimeLabel', () => {
  it('names when each event vendor is wanted at the venue', () => {
    expect(
      Object.fromEntries(
        VENDOR_CATEGORY_VALUES.filter((c) => c !== 'cakes').map((c) => [c, venueTimeLabel(c)]),
      ),
    ).toEqual({
      flowers: 'Set-up time',
      decor: 'Set-up time',
      catering: 'Start time',
      photography: 'Start time',
      entertainment: 'Start time',
      rentals: 'Delivery time',
    });
  });

  it('falls back to an arrival time for anything else', () => {
    expect(venueTimeLabel('cakes')).toBe('Arrival time');
    expect(venueTimeLabel('nonsense')).toBe('Arrival time');
  });
});

describe('planVenueTime', () => {
  it("starts a vendor who starts with the event at the plan's start time", () => {
    expect(planVenueTime('photography', '16:00')).toBe('16:00');
    expect(planVenueTime('entertainment', '16:00')).toBe('16:00');
    expect(planVenueTime('catering', '16:00')).toBe('16:00');
  });

  it('leaves set-up and delivery times for the customer to choose', () => {
    expect(planVenueTime('flowers', '16:00')).toBe('');
    expect(planVenueTime('decor', '16:00')).toBe('');
    expect(planVenueTime('rentals', '16:00')).toBe('');
  });
});

describe('requestCategory', () => {
  const florist = { category: 'flowers', categories: ['flowers', 'decor'] };
  const baker = { category: 'cakes', categories: ['cakes'] };

  it('is cakes when nothing says otherwise', () => {
    expect(requestCategory({ asked: null })).toBe('cakes');
    expect(requestCategory({ asked: '' })).toBe('cakes');
  });

  it('is the category asked for, with no vendor or one who sells it', () => {
    expect(requestCategory({ asked: 'flowers' })).toBe('flowers');
    expect(requestCategory({ asked: 'decor', vendor: florist })).toBe('decor');
    expect(requestCategory({ asked: 'cakes' })).toBe('cakes');
  });

  it("is the vendor's primary category otherwise", () => {
    expect(requestCategory({ asked: null, vendor: florist })).toBe('flowers');
    expect(requestCategory({ asked: 'photography', vendor: florist })).toBe('flowers');
    expect(requestCategory({ asked: 'flowers', vendor: baker })).toBe('cakes');
  });

  it('ignores a category that does not exist', () => {
    expect(requestCategory({ asked: 'balloons' })).toBe('cakes');
    expect(requestCategory({ asked: 'balloons', vendor: florist })).toBe('flowers');
    expect(requestCategory({ asked: null, vendor: { category: 'x', categories: [] } })).toBe('cakes');
  });
});

describe('planBriefDefaults', () => {
  const plan = {
    type: 'wedding',
    eventDate: '2027-06-12',
    startTime: '16:00',
    venueAddress: 'Hycroft, 1489 McRae Ave, Vancouver, BC V6H 1V1',
    guests: 120,
  };

  it("gives an event vendor the plan's day, occasion, venue and guests", () => {
    expect(planBriefDefaults(plan, 'photography')).toEqual({
      eventDate: '2027-06-12',
      occasion: 'Wedding',
      eventTime: '16:00',
      venueAddress: plan.venueAddress,
      guests: '120',
    });
    expect(planBriefDefaults({ ...plan, type: 'other' }, 'flowers')).toMatchObject({
      occasion: 'Custom Design',
      eventTime: '',
    });
  });

  it('has a cake delivered to the venue by the start, serving the guests', () => {
    expect(planBriefDefaults(plan, 'cakes')).toEqual({
      eventDate: '2027-06-12',
      occasion: 'Wedding',
      eventTime: '16:00',
      fulfillment: 'delivery',
      deliveryAddress: plan.venueAddress,
      servings: '120',
    });
  });

  it('leaves the servings to the customer past what one cake request serves', () => {
    expect(planBriefDefaults({ ...plan, guests: 500 }, 'cakes')).toMatchObject({ servings: '500' });
    expect(planBriefDefaults({ ...plan, guests: 501 }, 'cakes')).not.toHaveProperty('servings');
  });
});
