import { useSession } from '../../lib/auth-client.ts';
import { useOwnVendorProfile } from '../vendor-admin/api.ts';

/** Whether the signed-in user runs this vendor (they see Reply on their own page's reviews). */
export function useIsOwnVendor(vendorId: string): boolean {
  const session = useSession();
  const isVendor = (session.data?.user as { userType?: string } | undefined)?.userType === 'vendor';
  const own = useOwnVendorProfile({ enabled: isVendor });
  return isVendor && own.data?.id === vendorId;
}
