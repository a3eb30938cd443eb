import { categoryDoes, categoryLabel } from './catalog.ts';
import type { BriefView, QuoteBrief } from './schemas/quotes.ts';

/**
 * A brief as any reader has it: a cake's (kind 'cake', or no kind: briefs kept before event vendors
 * came) or an event vendor's (kind 'event'). Structural, so the stored brief, the schema's output and
 * the API's view all fit.
 */
type CakeLike = {
  kind?: 'cake' | undefined;
  occasion: string;
  servings: number;
  fulfillment: 'delivery' | 'pickup';
  deliveryAddress?: string | undefined;
};
type EventLike = {
  kind: 'event';
  category: string;
  occasion: string;
  guests: number;
  venueAddress: string;
};
export type AnyBrief = CakeLike | EventLike;

export const isEventBrief = <T extends AnyBrief>(brief: T): brief is Extract<T, { kind: 'event' }> =>
  brief.kind === 'event';

/** "Wedding cake, serves 60" or "Flowers for a wedding, 60 guests". */
export function briefTitle(brief: AnyBrief): string {
  if (isEventBrief(brief))
    return `${categoryLabel(brief.category)} for a ${brief.occasion.toLowerCase()}, ${brief.guests} guests`;
  return `${brief.occasion} cake, serves ${brief.servings}`;
}

/** What the brief is for, short: "wedding cake" or "flowers". */
export function briefSubject(brief: AnyBrief): string {
  return isEventBrief(brief)
    ? categoryLabel(brief.category).toLowerCase()
    : `${brief.occasion.toLowerCase()} cake`;
}

/** Where the order goes: the delivery address, the venue, or nowhere (a pickup). */
export function briefAddress(brief: AnyBrief): string | null {
  if (isEventBrief(brief)) return brief.venueAddress;
  return brief.fulfillment === 'delivery' ? (brief.deliveryAddress ?? null) : null;
}

/** Whether the customer collects the order (a cake picked up); event vendors come to the venue. */
export const isPickup = (brief: AnyBrief): boolean => !isEventBrief(brief) && brief.fulfillment === 'pickup';

/** "Pickup", "Delivery", or what the vendor does at the venue ("Sets up at the venue"). */
export function fulfillmentLabel(brief: AnyBrief): string {
  if (isEventBrief(brief)) {
    const does = categoryDoes(brief.category);
    return `${does.charAt(0).toUpperCase()}${does.slice(1)} at the venue`;
  }
  return brief.fulfillment === 'pickup' ? 'Pickup' : 'Delivery';
}

/**
 * A stored brief as a reader sees it (the API's view): `kind` always said, the customer's free text
 * (allergies, notes) through `show`, which masks contact details before payment.
 */
export function presentBrief(
  brief: QuoteBrief,
  show: (text: string | undefined) => string | undefined,
): BriefView {
  if (brief.kind === 'event') return { ...brief, notes: show(brief.notes) };
  return {
    ...brief,
    kind: 'cake',
    dietary: [...brief.dietary],
    allergies: show(brief.allergies),
    notes: show(brief.notes),
  };
}

/** An order as its lists name it: "Wedding Cake", "Custom Cake", or an event vendor's "Flowers · Wedding". */
export const orderTitle = (o: { occasion: string | null; eventCategory?: string | null }): string =>
  o.eventCategory
    ? `${categoryLabel(o.eventCategory)}${o.occasion ? ` · ${o.occasion}` : ''}`
    : o.occasion
      ? `${o.occasion} Cake`
      : 'Custom Cake';
