// Apart from the queries on purpose: the home page's first load and the vendor page import these keys,
// and the list's runtime imports from the shared vendor schemas would pull zod in with them.

/**
 * Everything about vendors as customers see them is under `all`: a change to a vendor (profile,
 * approval, verification, capacity, demo data) invalidates `all`.
 */
export const vendorKeys = {
  all: ['vendors'] as const,
  /** Every Browse Vendors list, whatever its filters (a blackout changes "available on" results). */
  lists: ['vendors', 'list'] as const,
  /** One Browse Vendors list: its filters as `vendorFilterParams(filters).toString()`. */
  list: (filterQuery: string) => [...vendorKeys.lists, filterQuery] as const,
  featured: (limit: number) => [...vendorKeys.all, 'featured', limit] as const,
  /** Request a Quote's "Find a vendor". */
  search: (term: string) => [...vendorKeys.all, 'quote-search', term] as const,
  /** A vendor's public page (src/web/features/vendor-page). */
  page: (id: string) => [...vendorKeys.all, 'page', id] as const,
};
