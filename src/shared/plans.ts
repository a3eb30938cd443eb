import { VENDOR_CATEGORY_VALUES, type VendorCategory } from './catalog.ts';

/** The kinds of event a customer plans (issue 25), in the order of the form's list. */
export const EVENT_TYPES = [
  { value: 'wedding', label: 'Wedding', occasion: 'Wedding' },
  { value: 'birthday', label: 'Birthday', occasion: 'Birthday' },
  { value: 'anniversary', label: 'Anniversary', occasion: 'Anniversary' },
  { value: 'baby-shower', label: 'Baby Shower', occasion: 'Baby Shower' },
  { value: 'corporate', label: 'Corporate Event', occasion: 'Corporate Event' },
  { value: 'other', label: 'Other', occasion: 'Custom Design' },
] as const;
export type EventType = (typeof EVENT_TYPES)[number]['value'];
export const EVENT_TYPE_VALUES = EVENT_TYPES.map((t) => t.value) as [EventType, ...EventType[]];

export const eventTypeLabel = (value: string): string =>
  EVENT_TYPES.find((t) => t.value === value)?.label ?? value;

/** The quote brief's occasion for an event of this type (the quote form's list, src/shared/catalog.ts). */
export const eventOccasion = (value: string) =>
  EVENT_TYPES.find((t) => t.value === value)?.occasion ?? 'Custom Design';

/** What a new plan of each type starts its checklist with (the customer edits it). */
export const STARTING_CATEGORIES: Record<EventType, VendorCategory[]> = {
  wedding: ['cakes', 'flowers', 'decor', 'photography', 'entertainment'],
  birthday: ['cakes', 'decor', 'entertainment'],
  anniversary: ['cakes', 'flowers', 'catering'],
  'baby-shower': ['cakes', 'decor', 'catering'],
  corporate: ['catering', 'photography', 'rentals'],
  other: ['cakes'],
};

/** A plan's checklist as stored: known categories, each once, in the catalogue's order. */
export const planCategories = (chosen: readonly string[]): VendorCategory[] =>
  VENDOR_CATEGORY_VALUES.filter((c) => chosen.includes(c));

/** Most plans a customer keeps at once (past events included). */
export const MAX_PLANS_PER_CUSTOMER = 50;

/** The transfer_group of an event's payments and its vendors' transfers (Stripe). */
export const planTransferGroup = (planId: string) => `event:${planId}`;
