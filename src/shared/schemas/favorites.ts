import { z } from 'zod';

export const favoriteVendorParamSchema = z.object({ vendorId: z.string().min(1).max(100) });

/** The signed-in customer's favorite vendors, as ids: enough to draw every heart on a page. */
export const favoriteVendorIdsSchema = z.object({ vendorIds: z.array(z.string()) });
export type FavoriteVendorIds = z.infer<typeof favoriteVendorIdsSchema>;

/** The answer to a heart toggle. */
export const favoriteVendorStateSchema = z.object({ vendorId: z.string(), favorite: z.boolean() });
export type FavoriteVendorState = z.infer<typeof favoriteVendorStateSchema>;
