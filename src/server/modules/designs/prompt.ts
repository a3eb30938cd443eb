import type { StylePreset } from '../../../shared/catalog.ts';
import { dietaryLabel, STYLE_PRESETS } from '../../../shared/catalog.ts';
import type { DesignForm } from './providers/types.ts';

/** Limits on the user's own words, so the whole prompt stays far below DALL-E 3's 4,000 characters. */
export const PROMPT_LIMITS = { field: 60, description: 600, colors: 120, dietary: 120 } as const;

const STYLE_WORDS: Record<StylePreset, string> = {
  elegant: 'smooth ivory finish, fine piped borders, pearls and a few sugar flowers, soft natural light',
  modern: 'clean sharp edges, smooth matte finish, one or two geometric accents, a restrained palette',
  whimsical: 'bright cheerful colours, sprinkles, a chocolate drip and small fondant figures',
  rustic: 'semi-naked or textured buttercream, fresh berries, herbs and edible flowers, a wooden board',
  luxe: 'deep rich colours, edible gold leaf, metallic lustre and crisp sugar details, balanced not busy',
};

/**
 * The text prompt for an AI image of the designer form in one style preset. The bakeability wording
 * answers what users of AI cake tools complain about most: designs no baker can make.
 */
export function buildPrompt(form: DesignForm, style: StylePreset): string {
  const occasion = clean(form.occasion, PROMPT_LIMITS.field);
  const flavor = clean(form.flavor, PROMPT_LIMITS.field);
  const size = clean(form.size, PROMPT_LIMITS.field);
  const description = clean(form.description, PROMPT_LIMITS.description);
  const colors = clean(form.colors, PROMPT_LIMITS.colors);
  const dietary = clean(dietaryText(form.dietary), PROMPT_LIMITS.dietary);
  const preset = STYLE_PRESETS.find((s) => s.id === style) ?? STYLE_PRESETS[0];

  const lines = [
    'A concept photo of a custom cake, for a professional baker to recreate.',
    occasion && !/custom/i.test(occasion) && `Occasion: ${occasion}.`,
    `The cake: ${shapeOf(size)}${flavor && !/custom/i.test(flavor) ? `, ${flavor.toLowerCase()} flavour` : ''}.`,
    `Style: ${preset.label.toLowerCase()} (${STYLE_WORDS[preset.id]}).`,
    colors && `Colour palette: ${colors}.`,
    dietary && `Dietary needs: ${dietary}; show only decorations that suit them.`,
    description && `The customer's description: "${description}".`,
    'It must be a realistic, bakeable cake: tiers in sensible proportions, each smaller than the one ' +
      'below and stacked centred; nothing floating or defying gravity; only real cake-decorating ' +
      'techniques such as buttercream, fondant, ganache, piping, sugar flowers and fresh fruit.',
    'Photographed straight on at eye level on a cake stand, against a plain light studio background, ' +
      'the whole cake in frame.',
    'No text, lettering, logos or watermarks anywhere, unless the customer asks for an inscription; ' +
      'then pipe exactly that wording on the cake.',
  ];
  return lines.filter(Boolean).join('\n');
}

/** What the size option means for the picture: tiers, a sheet, cupcakes or one round cake. */
function shapeOf(size: string): string {
  const tiers = /(\d+)\s*-?\s*tier/i.exec(size);
  if (tiers) return `a ${tiers[1]}-tier round cake`;
  if (/sheet/i.test(size)) return 'a rectangular single-layer sheet cake';
  if (/cupcake/i.test(size)) return `a set of matching cupcakes (${size})`;
  if (!size || /custom/i.test(size)) return 'a round cake';
  return `a single-tier round cake, ${size}`;
}

function dietaryText(dietary: string | null | undefined): string {
  if (!dietary) return '';
  return dietary
    .split(',')
    .map((part) => dietaryLabel(part.trim()))
    .filter(Boolean)
    .join(', ');
}

/** One line of the user's text: no control characters or double quotes, whitespace collapsed, capped. */
function clean(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const flat = text
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/"/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
