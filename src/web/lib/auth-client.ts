import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ basePath: '/api/auth' });

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  userType?: string | null;
  firstName?: string | null;
  role?: string | null;
};

/** The dashboard that belongs to a user's role. */
export function dashboardPath(user: SessionUser | null | undefined): string {
  if (user?.role === 'admin') return '/admin';
  return user?.userType === 'vendor' ? '/vendor-dashboard' : '/customer-dashboard';
}
