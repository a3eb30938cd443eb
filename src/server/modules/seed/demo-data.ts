/** Frosted's demo data. Every id carries the prefix the seeder clears by. */
import type {
  CakeSize,
  DietaryValue,
  Flavor,
  Occasion,
  SpecialtyValue,
  StylePreset,
} from '../../../shared/catalog.ts';
import type { ImageDims } from '../../../shared/designer.ts';
import { ORDER_FLOW, ORDER_TRANSITIONS } from '../../../shared/order-machine.ts';
import type { DesignForm } from '../designs/providers/types.ts';

export const DEMO_PASSWORD = 'frosted-demo';

export const DEMO_ACCOUNTS = {
  customer: {
    id: 'user-demo-customer',
    email: 'customer@frosted.demo',
    firstName: 'Emma',
    lastName: 'Thompson',
    phone: '604-555-0142',
    location: 'Vancouver, BC',
    userType: 'customer',
    role: 'user',
  },
  vendor: {
    id: 'user-demo-vendor',
    email: 'vendor@frosted.demo',
    firstName: 'Sofia',
    lastName: 'Marchetti',
    phone: '604-555-0178',
    location: 'Vancouver, BC',
    userType: 'vendor',
    role: 'user',
  },
  admin: {
    id: 'user-demo-admin',
    email: 'admin@frosted.demo',
    firstName: 'Alex',
    lastName: 'Rivera',
    phone: null,
    location: null,
    userType: 'customer',
    role: 'admin',
  },
} as const;

/** Demo vendor owners other than the demo vendor account; they have no password and cannot sign in. */
export const OWNER_ID_PREFIX = 'user-demo-owner-';

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

/** A saved design of the demo customer, as the designer form would have produced it. */
export interface DemoDesign {
  id: `cake-${string}`;
  occasion: Occasion;
  flavor: Flavor;
  size: CakeSize;
  colors: string;
  description: string;
  style: StylePreset;
  /** Catalog values (DIETARY_OPTIONS), stored comma-separated like the designer stores them. */
  dietary: readonly DietaryValue[];
}

/** The designer form behind a demo design; dietary comma-separated, as the designer hands it on. */
export function demoDesignForm(d: DemoDesign): DesignForm & { dietary: string | null } {
  return {
    occasion: d.occasion,
    flavor: d.flavor,
    size: d.size,
    description: d.description,
    colors: d.colors,
    dietary: d.dietary.length > 0 ? d.dietary.join(',') : null,
  };
}

/** Where the renderer's picture of a demo design is served from (public/demo/designs). */
export const demoDesignImageUrl = (id: string) => `/demo/designs/${id}.webp`;

/**
 * Sizes of the demo art: designs keep the designer's aspect ratio (imageSizeFor) and vendors get a
 * landscape picture; both are scaled down so the long side stays small in the repository.
 */
export const DEMO_ART = {
  designMaxSide: 1024,
  vendorRender: { width: 1536, height: 1024 },
  vendorMaxSide: 1200,
} as const;

/** dims scaled down (never up) so the long side is at most maxSide, keeping the aspect ratio. */
export function fitLongSide(dims: ImageDims, maxSide: number): ImageDims {
  const scale = Math.min(1, maxSide / Math.max(dims.width, dims.height));
  return { width: Math.round(dims.width * scale), height: Math.round(dims.height * scale) };
}

export const DEMO_DESIGNS: readonly DemoDesign[] = [
  {
    id: 'cake-wedding-classic',
    occasion: 'Wedding',
    flavor: 'Vanilla',
    size: '12 inch (20-25)',
    colors: 'Ivory, blush pink, gold',
    description:
      'Three-tier ivory cake with blush sugar roses, lattice piping and a string of edible pearls.',
    style: 'elegant',
    dietary: [],
  },
  {
    id: 'cake-birthday-rainbow',
    occasion: 'Birthday',
    flavor: 'Strawberry',
    size: '10 inch (12-15)',
    colors: 'Rainbow: pink, yellow, sky blue, mint, white',
    description: 'Two tiers of rainbow buttercream with sprinkles, candles and a bunting topper.',
    style: 'whimsical',
    dietary: ['nut-free'],
  },
  {
    id: 'cake-anniversary-redvelvet',
    occasion: 'Anniversary',
    flavor: 'Red Velvet',
    size: '8 inch (8-10)',
    colors: 'Red, cream, gold',
    description: 'Red velvet with cream-cheese frosting, fresh red roses and a gold heart topper.',
    style: 'elegant',
    dietary: [],
  },
  {
    id: 'cake-baby-shower',
    occasion: 'Baby Shower',
    flavor: 'Lemon',
    size: '10 inch (12-15)',
    colors: 'Mint, pale yellow, white',
    description: 'Pastel two-tier cake with fondant clouds, stars and a crescent moon.',
    style: 'whimsical',
    dietary: ['egg-free'],
  },
  {
    id: 'cake-graduation',
    occasion: 'Graduation',
    flavor: 'Chocolate',
    size: '10 inch (12-15)',
    colors: 'Chocolate, black, gold',
    description: 'Rich chocolate cake with a mortarboard topper and a rolled sugar diploma.',
    style: 'modern',
    dietary: [],
  },
  {
    id: 'cake-corporate',
    occasion: 'Corporate Event',
    flavor: 'Vanilla',
    size: 'Custom Size',
    colors: 'Navy, gold, white',
    description: 'Two-tier cake in company colours with clean geometric piping, for 60 guests.',
    style: 'modern',
    dietary: ['gluten-free'],
  },
  {
    id: 'cake-holiday',
    occasion: 'Holiday',
    flavor: 'Coffee',
    size: '8 inch (8-10)',
    colors: 'White, holly green, berry red',
    description: 'Snowy white cake with holly leaves, sugared cranberries and a gingerbread star.',
    style: 'rustic',
    dietary: [],
  },
  {
    id: 'cake-lemon-floral',
    occasion: 'Custom Design',
    flavor: 'Lemon',
    size: '6 inch (4-6 people)',
    colors: 'White, lemon, sage green',
    description: 'Semi-naked lemon cake with candied lemon slices and small white chamomile flowers.',
    style: 'rustic',
    dietary: ['vegan'],
  },
];

const DAY = 24 * 60 * 60 * 1000;

/** Orders use dates relative to the seed time, so the demo always has recent and upcoming orders. */
export function demoOrders(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  return [
    {
      id: 'order-1',
      orderNumber: 'FR-DEMO-1001',
      vendorId: 'vendor-sweet-dreams',
      cakeDesignId: 'cake-wedding-classic',
      status: 'completed',
      amount: 85_000,
      createdAt: at(-60),
      deliveryDate: at(-30),
      deliveryAddress: '2099 Beach Avenue, Vancouver, BC V6G 1Z4',
      specialInstructions: 'Deliver to the pavilion kitchen by 2 pm.',
    },
    {
      id: 'order-2',
      orderNumber: 'FR-DEMO-1002',
      vendorId: 'vendor-golden-crumb',
      cakeDesignId: 'cake-birthday-rainbow',
      status: 'completed',
      amount: 12_500,
      createdAt: at(-25),
      deliveryDate: at(-12),
      deliveryAddress: null,
      specialInstructions: 'Pickup. "Happy 7th Birthday Maya" on the plaque.',
    },
    {
      id: 'order-3',
      orderNumber: 'FR-DEMO-1003',
      vendorId: 'vendor-sugar-bloom',
      cakeDesignId: 'cake-anniversary-redvelvet',
      status: 'in_progress',
      amount: 18_500,
      createdAt: at(-6),
      deliveryDate: at(5),
      deliveryAddress: '301 West 1st Street, North Vancouver, BC V7M 1B9',
      specialInstructions: null,
    },
    {
      id: 'order-4',
      orderNumber: 'FR-DEMO-1004',
      vendorId: 'vendor-cocoa-atelier',
      cakeDesignId: 'cake-graduation',
      status: 'confirmed',
      amount: 9_500,
      createdAt: at(-2),
      deliveryDate: at(16),
      deliveryAddress: null,
      specialInstructions: 'Less sweet, please.',
    },
  ] as const;
}

/**
 * A demo order's history up to its status, as the lifecycle would have written it: placed, paid within
 * the hour, confirmed the next day, production three days before delivery, ready that morning,
 * delivered, and confirmed by the customer the day after. Never later than `now`.
 */
export function demoOrderEvents(
  order: { id: string; vendorId: string; status: string; createdAt: Date; deliveryDate: Date | null },
  customerId: string,
  now: Date,
) {
  const vendorUserId = DEMO_VENDORS.find((v) => v.id === order.vendorId)?.ownerId ?? null;
  const HOUR = DAY / 24;
  const delivery = (order.deliveryDate ?? new Date(order.createdAt.getTime() + 14 * DAY)).getTime();
  const planned: Record<string, number> = {
    pay: order.createdAt.getTime() + HOUR,
    confirm: order.createdAt.getTime() + DAY,
    start: delivery - 3 * DAY,
    markReady: delivery - 6 * HOUR,
    deliver: delivery,
    confirmSatisfied: delivery + 20 * HOUR,
  };
  const end = ORDER_FLOW.findIndex((step) => step.status === order.status);
  const steps = ORDER_FLOW.slice(0, end + 1);
  let previous = order.createdAt.getTime();
  const events = [
    { action: 'created', fromStatus: null, toStatus: 'pending', party: 'customer', at: previous },
    ...steps.map((step, i) => {
      // In order, a minute apart at least, and each leaving room for the ones after it before now.
      const latest = now.getTime() - (steps.length - i) * 60_000;
      previous = Math.min(Math.max(planned[step.action]!, previous + 60_000), latest);
      const party = ORDER_TRANSITIONS[step.action].by[0];
      return { action: step.action, fromStatus: null, toStatus: step.status, party, at: previous };
    }),
  ];
  return events.map((e, i) => ({
    id: `${order.id}-event-${i + 1}`,
    orderId: order.id,
    seq: i + 1,
    action: e.action,
    fromStatus: i === 0 ? null : events[i - 1]!.toStatus,
    toStatus: e.toStatus,
    party: e.party,
    actorId: e.party === 'customer' ? customerId : e.party === 'vendor' ? vendorUserId : null,
    createdAt: new Date(e.at),
  }));
}

export const DEMO_FAVORITES = [
  { id: 'fav-1', vendorId: 'vendor-sweet-dreams', cakeDesignId: null },
  { id: 'fav-2', vendorId: 'vendor-sugar-bloom', cakeDesignId: null },
  { id: 'fav-3', vendorId: null, cakeDesignId: 'cake-wedding-classic' },
  { id: 'fav-4', vendorId: null, cakeDesignId: 'cake-lemon-floral' },
] as const;

export const DEMO_REVIEWS = [
  {
    id: 'review-1',
    orderId: 'order-1',
    vendorId: 'vendor-sweet-dreams',
    rating: 5,
    title: 'Our wedding cake was a work of art',
    comment:
      'Sofia turned our AI sketch into a three-tier cake that looked even better in person. Every guest asked who made it, and the vanilla bean sponge was perfectly moist.',
    helpfulCount: 24,
    daysAgo: 28,
  },
  {
    id: 'review-2',
    orderId: 'order-2',
    vendorId: 'vendor-golden-crumb',
    rating: 4,
    title: 'A rainbow cake Maya still talks about',
    comment:
      'Light, not too sweet and beautifully decorated. Pickup was quick. Only wish the sprinkles had been on the sides too, but that was my brief, not their fault.',
    helpfulCount: 9,
    daysAgo: 11,
  },
] as const;
