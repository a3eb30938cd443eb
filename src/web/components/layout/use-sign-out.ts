import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { authClient } from '../../lib/auth-client.ts';

/**
 * Sign Out for the site's navigation and the app header: leaves the page first (a signed-in-only page
 * would otherwise send the user to /auth), then ends the session. `onNavigate` closes a menu.
 */
export function useSignOut(onNavigate?: () => void) {
  const navigate = useNavigate();
  return async () => {
    onNavigate?.();
    navigate('/');
    const { error } = await authClient.signOut();
    if (error) toast.error(error.message || 'Sign out failed');
  };
}
