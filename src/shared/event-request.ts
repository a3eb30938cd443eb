import { DEFAULT_CATEGORY, isVendorCategory, type VendorCategory } from './catalog.ts';
import { eventOccasion } from './plans.ts';

type EventCategory = Exclude<VendorCategory, 'cakes'>;

/** The brief's `eventTime` as each event vendor's form names it: when they are wanted at the venue. */
const VENUE_TIME_LABELS: Record<EventCategory, string> = {
  flowers: 'Set-up time',
  decor: 'Set-up time',
  rentals: 'Delivery time',
  catering: 'Start time',
  photography: 'Start time',
  entertainment: 'Start time',
};

/** "Set-up time" (flowers, decor), "Delivery time" (rentals) or "Start time" (the others). */
export const venueTimeLabel = (category: string): string =>
  VENUE_TIME_LABELS[category as EventCategory] ?? 'Arrival time';

/**
 * The time a request from an event plan starts with: the event's start for a vendor who starts with
 * it (a photographer, a band, the caterer), nothing for one who comes earlier to set up or deliver:
 * how much earlier is the customer's to say.
 */
export const planVenueTime = (category: string, startTime: string): string =>
  venueTimeLabel(category) === 'Start time' ? startTime : '';

/**
 * What a quote request is for: the category asked for (`?category=`) when the vendor the customer
 * came from sells it (or there is none), else that vendor's primary category, else cakes.
 */
export function requestCategory({
  asked,
  vendor,
}: {
  asked: string | null;
  vendor?: { category: string; categories: readonly string[] } | undefined;
}): VendorCategory {
  if (asked && isVendorCategory(asked) && (!vendor || vendor.categories.includes(asked))) return asked;
  if (vendor && isVendorCategory(vendor.category)) return vendor.category;
  return DEFAULT_CATEGORY;
}

/** Most servings a cake brief takes (cakeBriefSchema). */
const MAX_SERVINGS = 500;

/**
 * What a quote request from an event plan starts with, as the form's text: the plan's day, occasion,
 * venue and guests. An event vendor comes to the venue; a cake is delivered there, for the guests,
 * by the event's start.
 */
export function planBriefDefaults(
  plan: { type: string; eventDate: string; startTime: string; venueAddress: string; guests: number },
  category: string,
) {
  const shared = { eventDate: plan.eventDate, occasion: eventOccasion(plan.type) };
  if (category !== 'cakes')
    return {
      ...shared,
      eventTime: planVenueTime(category, plan.startTime),
      venueAddress: plan.venueAddress,
      guests: String(plan.guests),
    };
  return {
    ...shared,
    eventTime: plan.startTime,
    fulfillment: 'delivery' as const,
    deliveryAddress: plan.venueAddress,
    ...(plan.guests <= MAX_SERVINGS && { servings: String(plan.guests) }),
  };
}
