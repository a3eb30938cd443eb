import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeaturedVendors } from '../../../../shared/schemas/vendors.ts';
import { api } from '../../../lib/api.ts';
import { vendorKeys } from './keys.ts';

// Apart from list.ts on purpose: the home page needs only this, and list.ts's runtime imports from the
// shared vendor schemas would pull zod into the home page's first load.

/** The top-rated verified vendors the home page shows. */
export const featuredVendorsQuery = (limit = 3) =>
  queryOptions({
    queryKey: vendorKeys.featured(limit),
    queryFn: () => api<FeaturedVendors>(`/api/vendors/featured?limit=${limit}`).then((r) => r.vendors),
  });

export const useFeaturedVendors = (limit = 3) => useQuery(featuredVendorsQuery(limit));
