import type { DesignFormValues, DesignImage, StartGenerationInput } from '../../../shared/schemas/designs.ts';

/** The form as sent, with the vendor designed for: what Try Again resends and Refine starts from. */
export type DesignRequest = DesignFormValues & { vendorId?: string };

/** One picture on screen with the request that drew it (a refined picture carries its own). */
export interface DesignResult {
  image: DesignImage;
  request: DesignRequest;
}

export const toGenerationInput = (
  request: DesignRequest,
  variations: 1 | 3,
  style?: DesignImage['style'],
): StartGenerationInput => ({ ...request, variations, ...(style && { style }) });

/** What a shared design says in a share sheet. */
export const shareText = (occasion: string, styleLabel: string | null) => ({
  title: `${occasion} Cake | Frosted`,
  text: styleLabel
    ? `${occasion} cake in the ${styleLabel} style, designed with Frosted`
    : `${occasion} cake, designed with Frosted`,
});

/** Browse Vendors' specialty for an occasion: the bakers who make this kind of cake. */
export function specialtyFor(occasion: string): 'wedding' | 'birthday' | 'custom' {
  if (occasion === 'Wedding') return 'wedding';
  if (occasion === 'Birthday') return 'birthday';
  return 'custom';
}
