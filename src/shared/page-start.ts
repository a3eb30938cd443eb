/**
 * Signed-in pages render in the browser (decision 007), and on a phone each of their first steps was a
 * round trip after the one before: the page's code, then the session, then the page's data. For these
 * pages the server answers the session and the page's first requests inside the HTML it sends, and
 * names the page's code so the browser fetches it all at once (decision 025). The contract between
 * src/server/http/page-start.ts and src/web/lib/first-answers.ts.
 */

export interface SignedInStart {
  /** The client route (CLIENT_ROUTES), `:name` for a path segment. */
  route: string;
  /** The page's module, as the build's manifest names it (relative to src/web). */
  module: string;
  /** The GETs the page makes first, `:name` replaced with the route's segment. */
  requests: string[];
}

export const SIGNED_IN_STARTS: readonly SignedInStart[] = [
  {
    route: '/customer-dashboard',
    module: 'pages/customer-dashboard.tsx',
    requests: ['/api/me/dashboard/customer'],
  },
  {
    route: '/customer-dashboard-original',
    module: 'pages/customer-dashboard-original.tsx',
    requests: ['/api/me/dashboard/customer'],
  },
  {
    route: '/vendor-dashboard',
    module: 'pages/vendor-dashboard.tsx',
    requests: ['/api/me/dashboard/vendor'],
  },
  { route: '/messages', module: 'pages/messages.tsx', requests: ['/api/me/conversations'] },
  {
    route: '/orders/:id',
    module: 'pages/order.tsx',
    requests: ['/api/orders/:id', '/api/orders/:id/schedule'],
  },
];

/** Modules every signed-in page loads besides its own: the bell and the event stream. */
export const SIGNED_IN_MODULES = [
  'features/notifications/nav-items.tsx',
  'features/notifications/live-updates.tsx',
];

/** The session read (Better Auth's), answered first on every such page. */
export const SESSION_REQUEST = '/api/auth/get-session';

/** The id of the `<script type="application/json">` with the answers: path → answer. */
export const FIRST_ANSWERS_ID = 'first-answers';

/** Path → the JSON body of its 200 answer. */
export type FirstAnswers = Record<string, unknown>;

/**
 * The start of the signed-in page at `pathname` with its requests' paths, or undefined. A segment is
 * written back URL-encoded, so nothing in it reaches another path.
 */
export function signedInStart(pathname: string): (SignedInStart & { paths: string[] }) | undefined {
  const segments = pathname.replace(/\/$/, '').split('/');
  for (const start of SIGNED_IN_STARTS) {
    const pattern = start.route.split('/');
    if (pattern.length !== segments.length) continue;
    const params = new Map<string, string>();
    const matches = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        const value = decodeSegment(segments[i] ?? '');
        if (value === '' || value === '.' || value === '..') return false;
        params.set(part, encodeURIComponent(value));
        return true;
      }
      return part === segments[i];
    });
    if (!matches) continue;
    const paths = start.requests.map((request) =>
      request.replace(/:[a-z]+/gi, (name) => params.get(name) ?? name),
    );
    return { ...start, paths };
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Server-rendered public pages with a module of their own (the home page is in the app's start). */
const PUBLIC_PAGE_MODULES: readonly { route: string; module: string }[] = [
  { route: '/browse-vendors', module: 'pages/browse-vendors.tsx' },
  { route: '/browse-vendors/:category', module: 'pages/browse-vendors.tsx' },
  { route: '/vendor/:id', module: 'pages/vendor-profile.tsx' },
];

/** The module (as the build's manifest names it) of the page at `pathname`, when it has one of its own. */
export function pageModule(pathname: string): string | undefined {
  const signedIn = signedInStart(pathname)?.module;
  if (signedIn) return signedIn;
  const segments = pathname.replace(/\/$/, '').split('/');
  return PUBLIC_PAGE_MODULES.find(({ route }) => {
    const pattern = route.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  })?.module;
}
