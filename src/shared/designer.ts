/** Pixel size of a generated design image. */
export interface ImageDims {
  width: number;
  height: number;
}

/** Spec section 9: wedding or tiered 1024x1792, sheet 1792x1024, otherwise 1024x1024. */
export function imageSizeFor(input: { occasion: string; size: string }): ImageDims {
  const size = input.size.toLowerCase();
  if (input.occasion === 'Wedding' || size.includes('tier')) return { width: 1024, height: 1792 };
  if (size.includes('sheet')) return { width: 1792, height: 1024 };
  return { width: 1024, height: 1024 };
}

const TIER_NUMBERS: Record<string, number> = { two: 2, three: 3, four: 4, '2': 2, '3': 3, '4': 4 };

/**
 * The size a design is drawn at. A description that counts tiers ("three tiers") is drawn with that
 * many whatever round size was chosen (a chosen size only sets a default count); a sheet cake or
 * cupcakes stay what they are. For Custom Size the description also picks a sheet cake or cupcakes,
 * so the spec's tiered and sheet picture sizes apply.
 */
export function drawnSize(form: { size: string; description?: string | null }): string {
  const custom = /custom/i.test(form.size);
  if (!custom && /sheet|cupcake/i.test(form.size)) return form.size;
  // Stryker disable next-line StringLiteral: equivalent (any text without a size word reads the same as none)
  const text = (form.description ?? '').slice(0, 1000).toLowerCase();
  const tiers = /\b(two|three|four|2|3|4)[\s-]*tier/.exec(text)?.[1];
  if (tiers) return `${TIER_NUMBERS[tiers]}-Tier`;
  if (!custom) return form.size;
  if (/\bsheet\b/.test(text)) return 'Sheet Cake';
  if (/cupcake/.test(text)) return 'Cupcakes (12 count)';
  return form.size;
}
