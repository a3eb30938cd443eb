import type { FavoriteVendorIds, FavoriteVendorState } from '../../../shared/schemas/favorites.ts';

export const presentFavoriteVendorIds = (vendorIds: string[]): FavoriteVendorIds => ({ vendorIds });

export const presentFavoriteVendorState = (vendorId: string, favorite: boolean): FavoriteVendorState => ({
  vendorId,
  favorite,
});
