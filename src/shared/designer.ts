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
