/** What a demo event vendor is made of (the vendors themselves: demo-event-vendors.ts). */
import type { LocationValue } from '../../../shared/catalog.ts';
import { OWNER_ID_PREFIX } from './demo-accounts.ts';
import type { EventCategory } from './event-art.ts';

export interface DemoEventVendor {
  id: string;
  ownerId: string;
  businessName: string;
  category: EventCategory;
  /** Other categories it sells in (its primary comes first when stored). */
  also: EventCategory[];
  location: LocationValue;
  businessAddress: string;
  phone: string;
  description: string;
  instagram: string | null;
  priceTier: number;
  offersDelivery: boolean;
  /** The cover, drawn into public/demo/vendors by `npm run demo-art`. */
  imageUrl: string;
  packages: { name: string; description: string; priceCents: number }[];
  /** The portfolio pictures' titles; each is drawn with its own seed. */
  portfolio: string[];
  review: { rating: number; title: string; comment: string; amount: number; daysAgo: number };
}

export const make = (v: Omit<DemoEventVendor, 'ownerId' | 'imageUrl'>): DemoEventVendor => ({
  ...v,
  ownerId: `${OWNER_ID_PREFIX}${v.id.slice('vendor-'.length)}`,
  imageUrl: `/demo/vendors/${v.id}.webp`,
});

/** Demo guests who booked the event vendors (no password: nobody signs in as them). */
export const DEMO_GUESTS = [
  { id: 'user-demo-guest-1', firstName: 'Priya', lastName: 'Sandhu' },
  { id: 'user-demo-guest-2', firstName: 'Liam', lastName: 'Chen' },
  { id: 'user-demo-guest-3', firstName: 'Chloé', lastName: 'Tremblay' },
] as const;
