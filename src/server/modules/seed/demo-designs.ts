/** The demo customer's saved designs, and the sizes of their pictures. */
import type { CakeSize, DietaryValue, Flavor, Occasion, StylePreset } from '../../../shared/catalog.ts';
import type { ImageDims } from '../../../shared/designer.ts';
import type { DesignForm } from '../designs/index.ts';

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
