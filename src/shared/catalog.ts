/** The product's fixed lists (spec sections 2 and 9). Values are stored; labels are shown. */

export const OCCASIONS = [
  'Birthday',
  'Wedding',
  'Anniversary',
  'Graduation',
  'Baby Shower',
  'Corporate Event',
  'Holiday',
  'Custom Design',
] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const FLAVORS = [
  'Vanilla',
  'Chocolate',
  'Red Velvet',
  'Carrot',
  'Lemon',
  'Strawberry',
  'Coffee',
  'Coconut',
  'Pistachio',
  'Custom',
] as const;
export type Flavor = (typeof FLAVORS)[number];

export const SIZES = [
  '6 inch (4-6 people)',
  '8 inch (8-10)',
  '10 inch (12-15)',
  '12 inch (20-25)',
  '14 inch (30-35)',
  '16 inch (40-45)',
  'Custom Size',
] as const;
export type CakeSize = (typeof SIZES)[number];

/** BC service areas, in the order of the browse filter. */
export const LOCATIONS = [
  { value: 'vancouver', label: 'Vancouver' },
  { value: 'burnaby', label: 'Burnaby' },
  { value: 'north-vancouver', label: 'North Vancouver' },
  { value: 'richmond', label: 'Richmond' },
  { value: 'vancouver-island', label: 'Vancouver Island' },
  { value: 'new-westminster', label: 'New Westminster' },
  { value: 'surrey', label: 'Surrey' },
  { value: 'delta', label: 'Delta' },
] as const;
export type LocationValue = (typeof LOCATIONS)[number]['value'];
export const LOCATION_VALUES = LOCATIONS.map((l) => l.value) as [LocationValue, ...LocationValue[]];

export const SPECIALTIES = [
  { value: 'wedding', label: 'Wedding Cakes' },
  { value: 'birthday', label: 'Birthday Cakes' },
  { value: 'custom', label: 'Custom Designs' },
  { value: 'gourmet', label: 'Gourmet Desserts' },
] as const;
export type SpecialtyValue = (typeof SPECIALTIES)[number]['value'];
export const SPECIALTY_VALUES = SPECIALTIES.map((s) => s.value) as [SpecialtyValue, ...SpecialtyValue[]];

/**
 * What vendors sell. Every vendor has one primary category and may add others. `food` decides the
 * verification checklist (shared/verification.ts): food vendors prove food safety, the others hold a
 * business licence. `does` is what the vendor does at the event, for the day's schedule ("Bloom & Co
 * sets up at 2:00 p.m."). `intro` is the category page's line under its heading.
 */
export const VENDOR_CATEGORIES = [
  {
    value: 'cakes',
    label: 'Cakes & Desserts',
    food: true,
    does: 'delivers',
    intro: 'Custom cakes, cupcakes and dessert tables from verified local bakers.',
  },
  {
    value: 'flowers',
    label: 'Flowers',
    food: false,
    does: 'sets up',
    intro: 'Bouquets, centrepieces and ceremony flowers from local florists.',
  },
  {
    value: 'decor',
    label: 'Decor & Balloons',
    food: false,
    does: 'sets up',
    intro: 'Balloon arches, backdrops and table styling for every kind of party.',
  },
  {
    value: 'catering',
    label: 'Catering',
    food: true,
    does: 'serves',
    intro: 'Canapés, buffets and plated dinners from licensed caterers.',
  },
  {
    value: 'photography',
    label: 'Photography & Video',
    food: false,
    does: 'covers',
    intro: 'Photographers and videographers who capture the day and deliver the pictures.',
  },
  {
    value: 'entertainment',
    label: 'Music & Entertainment',
    food: false,
    does: 'performs',
    intro: 'DJs, live bands, magicians and entertainers for every crowd.',
  },
  {
    value: 'rentals',
    label: 'Rentals',
    food: false,
    does: 'delivers',
    intro: 'Tables, chairs, linens, tents and dance floors, delivered and picked up.',
  },
] as const;
export type VendorCategory = (typeof VENDOR_CATEGORIES)[number]['value'];
export const VENDOR_CATEGORY_VALUES = VENDOR_CATEGORIES.map((c) => c.value) as [
  VendorCategory,
  ...VendorCategory[],
];
/** Today's vendors, and the category a vendor has unless it says otherwise. */
export const DEFAULT_CATEGORY: VendorCategory = 'cakes';

const categoryOf = (value: string) => VENDOR_CATEGORIES.find((c) => c.value === value);

export const isVendorCategory = (value: string): value is VendorCategory => categoryOf(value) !== undefined;

export function categoryLabel(value: string): string {
  return categoryOf(value)?.label ?? value;
}

/** Whether the category sells food (its vendors keep FOODSAFE and the health permit). */
export const isFoodCategory = (value: string): boolean => categoryOf(value)?.food ?? false;

/** What a vendor of the category does at the event: "delivers", "sets up", "covers". */
export const categoryDoes = (value: string): string => categoryOf(value)?.does ?? 'arrives';

/** A category page's title (the browser tab, search results). */
export const categoryPageTitle = (value: string): string =>
  `${categoryLabel(value)} in British Columbia | Frosted`;

/** The category page's line under its heading. */
export const categoryIntro = (value: string): string => categoryOf(value)?.intro ?? '';

/**
 * A vendor's categories as stored: the primary first, each once, only known ones; the primary is
 * always in the list (the vendors table checks it too).
 */
export function vendorCategories(primary: VendorCategory, others: readonly string[] = []): VendorCategory[] {
  return [primary, ...VENDOR_CATEGORY_VALUES.filter((c) => c !== primary && others.includes(c))];
}

/** What a vendor can bake for; customers filter on it (More Filters). */
export const DIETARY_OPTIONS = [
  { value: 'gluten-free', label: 'Gluten-free' },
  { value: 'vegan', label: 'Vegan' },
  { value: 'nut-free', label: 'Nut-free' },
  { value: 'dairy-free', label: 'Dairy-free' },
  { value: 'egg-free', label: 'Egg-free' },
  { value: 'sugar-free', label: 'Sugar-free' },
  { value: 'halal', label: 'Halal' },
  { value: 'kosher', label: 'Kosher' },
] as const;
export type DietaryValue = (typeof DIETARY_OPTIONS)[number]['value'];
export const DIETARY_VALUES = DIETARY_OPTIONS.map((d) => d.value) as [DietaryValue, ...DietaryValue[]];

export function dietaryLabel(value: string): string {
  return DIETARY_OPTIONS.find((d) => d.value === value)?.label ?? value;
}

/** Portfolio photo categories. */
export const PORTFOLIO_CATEGORIES = [
  'Wedding',
  'Birthday',
  'Anniversary',
  'Baby Shower',
  'Corporate',
  'Cupcakes',
  'Desserts',
  'Custom',
] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** Price tiers 1..4 shown as $ to $$$$. */
export const PRICE_TIERS = [1, 2, 3, 4] as const;
export type PriceTier = (typeof PRICE_TIERS)[number];
export const priceTierLabel = (tier: number): string => '$'.repeat(Math.min(4, Math.max(1, tier)));

export const STYLE_PRESETS = [
  { id: 'elegant', label: 'Elegant & Classic' },
  { id: 'modern', label: 'Modern Minimalist' },
  { id: 'whimsical', label: 'Whimsical & Playful' },
  { id: 'rustic', label: 'Rustic & Natural' },
  { id: 'luxe', label: 'Luxe & Glamorous' },
] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number]['id'];

export function locationLabel(value: string): string {
  return LOCATIONS.find((l) => l.value === value)?.label ?? value;
}

/**
 * A vendor's `specialty` label: a cake maker's specialty, or for another category the category itself
 * (a non-cake vendor's specialty is its primary category; see the vendors table).
 */
export function specialtyLabel(value: string): string {
  return SPECIALTIES.find((s) => s.value === value)?.label ?? categoryLabel(value);
}

/** The Reviews page's rating filter (3 to 5 stars) and sort orders. */
export const REVIEW_SORTS = ['newest', 'oldest', 'rating-high', 'rating-low', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_RATING_FILTERS = ['all', '5', '4', '3'] as const;
export type ReviewRatingFilter = (typeof REVIEW_RATING_FILTERS)[number];
