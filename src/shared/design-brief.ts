import {
  DIETARY_OPTIONS,
  FLAVORS,
  OCCASIONS,
  SIZES,
  type CakeSize,
  type DietaryValue,
  type Flavor,
  type Occasion,
} from './catalog.ts';
import { SIZE_SERVINGS } from './cake-sizes.ts';

/** What a saved or shared design says about its cake (the designer's form). */
export interface DesignBriefSource {
  occasion: string;
  flavor: string;
  size: string;
  colors: string | null;
  description: string | null;
  /** Dietary needs, as values ("gluten-free") or as their labels ("Gluten-free"). */
  dietary: readonly string[];
}

/** The quote brief's fields a design fills, each an option of the quote form's lists. */
export interface DesignBriefFill {
  occasion?: Occasion;
  flavor?: Flavor;
  size?: CakeSize;
  dietary: DietaryValue[];
  /** The design's colors and description, for the vendors; absent when it has neither. */
  notes?: string;
  /** The design's values the quote's lists have no option for: the customer chooses those. */
  unmatched: { occasion?: string; flavor?: string; size?: string; dietary?: string[] };
}

/** Compares as a person reads: case, spaces and hyphens aside ("8-inch" is "8 inch"). */
const loose = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, ' ');

const pick = <T extends string>(list: readonly T[], value: string): T | undefined =>
  list.find((option) => loose(option) === loose(value));

/** A size of the list by its full label or by its name alone ("8 inch", "8-inch"). */
const pickSize = (value: string): CakeSize | undefined =>
  pick(SIZES, value) ??
  SIZES.find((size) => {
    const servings = SIZE_SERVINGS[size];
    return servings !== null && loose(servings.name) === loose(value);
  });

/** The text for the vendors' notes: "Colors: Blush pink, gold." and the description, one per line. */
export function designNotes(design: Pick<DesignBriefSource, 'colors' | 'description'>): string | undefined {
  const colors = design.colors?.trim();
  const description = design.description?.trim();
  const lines = [colors && `Colors: ${colors.replace(/\.$/, '')}.`, description].filter(Boolean);
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/**
 * A design's cake as the quote form's brief: its occasion, flavor and size where the quote's lists
 * have them (the same lists as the designer's, so a design made in Frosted always matches), its
 * dietary needs, and its colors and description as notes. A value with no option in the list is
 * returned in `unmatched`, for the form to leave that field to the customer and say why.
 */
export function designToQuoteBrief(design: DesignBriefSource): DesignBriefFill {
  const fill: DesignBriefFill = { dietary: [], unmatched: {} };
  const occasion = pick(OCCASIONS, design.occasion);
  if (occasion) fill.occasion = occasion;
  else if (design.occasion.trim()) fill.unmatched.occasion = design.occasion.trim();
  const flavor = pick(FLAVORS, design.flavor);
  if (flavor) fill.flavor = flavor;
  else if (design.flavor.trim()) fill.unmatched.flavor = design.flavor.trim();
  const size = pickSize(design.size);
  if (size) fill.size = size;
  else if (design.size.trim()) fill.unmatched.size = design.size.trim();

  const unknownDietary: string[] = [];
  for (const need of design.dietary) {
    const option = DIETARY_OPTIONS.find(
      (d) => loose(d.value) === loose(need) || loose(d.label) === loose(need),
    );
    if (option) {
      if (!fill.dietary.includes(option.value)) fill.dietary.push(option.value);
    } else if (need.trim()) unknownDietary.push(need.trim());
  }
  if (unknownDietary.length > 0) fill.unmatched.dietary = unknownDietary;

  const notes = designNotes(design);
  if (notes) fill.notes = notes;
  return fill;
}
