import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * What a page module may export as `prefetch`: starts the requests its first screen needs. The router
 * runs it as the route's loader, so the requests start with the navigation instead of after the
 * page's first render; when the server renders the page (entry-server.tsx) it waits for them, so the
 * HTML carries the data.
 */
export type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;
