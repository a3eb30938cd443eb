import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Spec section 9: entries discarded after 5 minutes; 3 retries with exponential backoff up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        staleTime: 30 * 1000,
        retry: (failures, error) =>
          failures < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}
