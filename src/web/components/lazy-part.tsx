import { type ReactNode, Suspense } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

/**
 * A lazily loaded part of a page (React.lazy inside). The server cannot wait for its code
 * (renderToString), so the server and the hydrating browser both show `fallback`; then the part
 * loads in a Suspense boundary with the same fallback, and nothing moves.
 */
export function LazyPart({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
