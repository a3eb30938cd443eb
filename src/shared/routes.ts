/** Every client route of the web app. The server answers 404 (with the app's 404 page) for anything else. */
export const CLIENT_ROUTES = [
  '/',
  '/auth',
  '/auth/callback',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/oauth-test',
  '/dashboard-debug',
  '/customer-dashboard-test',
  '/customer-dashboard-simple',
  '/admin-seeder',
  '/account',
  '/admin',
  '/admin/mailbox',
  '/customer-dashboard',
  '/customer-dashboard-original',
  '/vendor-dashboard',
  '/vendor-dashboard/profile',
  '/vendor-dashboard/verification',
  '/messages',
  '/quotes',
  '/quotes/new',
  '/quotes/:id',
  '/orders/:id',
  '/orders/:id/pay',
  '/vendor/:id',
  '/designs/:id',
  '/browse-vendors',
  '/how-it-works',
  '/about',
  '/support',
  '/reviews',
  '/success-stories',
  '/privacy',
  '/terms',
  '/careers',
  '/press',
  '/cookies',
] as const;

const patterns = CLIENT_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

export function isClientRoute(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}
