/** The demo vendors: their shops and what each can bake. */
import type { SpecialtyValue } from '../../../shared/catalog.ts';
import { DEMO_ACCOUNTS, OWNER_ID_PREFIX } from './demo-accounts.ts';

/**
 * Rating, review count and completed orders are not part of the demo data: the seeder derives them
 * from the demo orders and reviews, so every number a card shows is true. Response time stays
 * unknown (null) until vendors answer quote requests.
 */
export interface DemoVendor {
  id: string;
  ownerId: string;
  businessName: string;
  businessAddress: string;
  specialty: SpecialtyValue;
  location: string;
  phone: string;
  description: string;
  website: string | null;
  instagram: string | null;
  priceTier: number;
  /** A picture from Frosted's cake renderer, in public/demo/vendors (scripts/render-demo-art.ts). */
  imageUrl: string;
}

const vendor = (v: Omit<DemoVendor, 'ownerId'> & { ownerId?: string }): DemoVendor => ({
  ...v,
  ownerId: v.ownerId ?? `${OWNER_ID_PREFIX}${v.id.slice('vendor-'.length)}`,
});

/** What each demo vendor bakes for, can accommodate and how customers receive the cake. */
export const DEMO_VENDOR_CAPABILITIES: Record<
  string,
  {
    specialties: string[];
    dietaryOptions: string[];
    offersDelivery: boolean;
    cancellationRefundPercent: number;
  }
> = {
  'vendor-sweet-dreams': {
    specialties: ['wedding', 'custom'],
    dietaryOptions: ['gluten-free', 'nut-free'],
    offersDelivery: true,
    cancellationRefundPercent: 50,
  },
  'vendor-artisan-cakes': {
    specialties: ['custom', 'birthday'],
    dietaryOptions: ['vegan', 'dairy-free', 'egg-free'],
    offersDelivery: true,
    cancellationRefundPercent: 60,
  },
  'vendor-sugar-bloom': {
    specialties: ['wedding', 'gourmet'],
    dietaryOptions: ['gluten-free'],
    offersDelivery: true,
    cancellationRefundPercent: 40,
  },
  'vendor-island-bakehouse': {
    specialties: ['birthday', 'custom'],
    dietaryOptions: ['vegan', 'nut-free'],
    offersDelivery: false,
    cancellationRefundPercent: 75,
  },
  'vendor-golden-crumb': {
    specialties: ['birthday'],
    dietaryOptions: ['nut-free', 'halal'],
    offersDelivery: false,
    cancellationRefundPercent: 50,
  },
  'vendor-maple-whisk': {
    specialties: ['custom', 'birthday', 'wedding'],
    dietaryOptions: ['gluten-free', 'dairy-free', 'sugar-free'],
    offersDelivery: true,
    cancellationRefundPercent: 50,
  },
  'vendor-cocoa-atelier': {
    specialties: ['gourmet', 'custom'],
    dietaryOptions: ['gluten-free', 'vegan'],
    offersDelivery: true,
    cancellationRefundPercent: 25,
  },
  'vendor-velvet-crumb': {
    specialties: ['gourmet', 'wedding'],
    dietaryOptions: ['egg-free', 'kosher'],
    offersDelivery: false,
    cancellationRefundPercent: 50,
  },
};

export const DEMO_VENDORS: DemoVendor[] = [
  vendor({
    id: 'vendor-sweet-dreams',
    ownerId: DEMO_ACCOUNTS.vendor.id,
    businessName: 'Sweet Dreams Bakery',
    businessAddress: '1180 Commercial Drive, Vancouver, BC V5L 3X3',
    specialty: 'wedding',
    location: 'vancouver',
    phone: '604-555-0178',
    description:
      'Elegant tiered wedding cakes with hand-piped lace and sugar flowers, baked from scratch in East Vancouver since 2012.',
    website: null,
    instagram: '@sweetdreamsyvr',
    priceTier: 3,
    imageUrl: '/demo/vendors/vendor-sweet-dreams.webp',
  }),
  vendor({
    id: 'vendor-artisan-cakes',
    businessName: 'Artisan Cake Studio',
    businessAddress: '4567 Hastings Street, Burnaby, BC V5C 2K1',
    specialty: 'custom',
    location: 'burnaby',
    phone: '604-555-0121',
    description:
      'Sculpted and hand-painted custom cakes: if you can imagine it, our decorators can carve it in sponge and fondant.',
    website: null,
    instagram: '@artisancakestudio',
    priceTier: 3,
    imageUrl: '/demo/vendors/vendor-artisan-cakes.webp',
  }),
  vendor({
    id: 'vendor-sugar-bloom',
    businessName: 'Sugar Bloom Patisserie',
    businessAddress: '128 Lonsdale Avenue, North Vancouver, BC V7M 2E8',
    specialty: 'wedding',
    location: 'north-vancouver',
    phone: '604-555-0163',
    description:
      'Botanical wedding and celebration cakes dressed with pressed edible flowers and seasonal fruit from Fraser Valley farms.',
    website: null,
    instagram: '@sugarbloompatisserie',
    priceTier: 4,
    imageUrl: '/demo/vendors/vendor-sugar-bloom.webp',
  }),
  vendor({
    id: 'vendor-island-bakehouse',
    businessName: 'Island Bakehouse',
    businessAddress: '620 Fort Street, Victoria, BC V8W 1G6',
    specialty: 'birthday',
    location: 'vancouver-island',
    phone: '250-555-0114',
    description:
      'Cheerful birthday cakes and cupcake towers for Victoria and the Saanich Peninsula, with nut-free options every day.',
    website: null,
    instagram: '@islandbakehouse',
    priceTier: 2,
    imageUrl: '/demo/vendors/vendor-island-bakehouse.webp',
  }),
  vendor({
    id: 'vendor-golden-crumb',
    businessName: 'Golden Crumb Bakery',
    businessAddress: '8391 Alexandra Road, Richmond, BC V6X 1C3',
    specialty: 'birthday',
    location: 'richmond',
    phone: '604-555-0190',
    description:
      'Light chiffon and fresh-cream cakes in the Hong Kong bakery tradition, decorated to order for birthdays and family milestones.',
    website: null,
    instagram: null,
    priceTier: 1,
    imageUrl: '/demo/vendors/vendor-golden-crumb.webp',
  }),
  vendor({
    id: 'vendor-maple-whisk',
    businessName: 'Maple & Whisk',
    businessAddress: '10355 King George Boulevard, Surrey, BC V3T 2W5',
    specialty: 'custom',
    location: 'surrey',
    phone: '604-555-0155',
    description:
      'A family café baking custom cakes, gluten-free and vegan included, with a Canadian twist: maple, saskatoon berry, butter tart.',
    website: null,
    instagram: '@mapleandwhisk',
    priceTier: 2,
    imageUrl: '/demo/vendors/vendor-maple-whisk.webp',
  }),
  vendor({
    id: 'vendor-cocoa-atelier',
    businessName: 'Cocoa Atelier',
    businessAddress: '655 Columbia Street, New Westminster, BC V3M 1A7',
    specialty: 'gourmet',
    location: 'new-westminster',
    phone: '604-555-0137',
    description:
      'Single-origin chocolate entremets, mirror-glazed cakes and truffle towers from a chocolatier trained in Lyon.',
    website: null,
    instagram: '@cocoaatelier',
    priceTier: 4,
    imageUrl: '/demo/vendors/vendor-cocoa-atelier.webp',
  }),
  vendor({
    id: 'vendor-velvet-crumb',
    businessName: 'Velvet Crumb Cake Co.',
    businessAddress: '5015 48 Avenue, Delta, BC V4K 1V8',
    specialty: 'gourmet',
    location: 'delta',
    phone: '604-555-0109',
    description:
      'Modern minimalist cakes with bold flavours: black sesame, yuzu, brown butter and miso caramel. Tastings by appointment.',
    website: null,
    instagram: '@velvetcrumbco',
    priceTier: 2,
    imageUrl: '/demo/vendors/vendor-velvet-crumb.webp',
  }),
];
