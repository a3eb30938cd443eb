import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type SessionUser, useSession } from '../../lib/auth-client.ts';
import { cn } from '../../lib/cn.ts';
import { useFavoriteVendorIds, useToggleFavorite } from './api.ts';

const heartClass =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-cocoa-700 shadow-sm transition-colors hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500 disabled:opacity-60';

/**
 * The heart that saves a vendor to the signed-in customer's favorites. Visitors are asked to sign in
 * (and come back here); vendor and admin accounts have no favorites, so they see no heart.
 */
export function FavoriteButton({
  vendorId,
  vendorName,
  className,
}: {
  vendorId: string;
  vendorName: string;
  className?: string;
}) {
  const { data: session, isPending } = useSession();
  const user = session?.user as SessionUser | undefined;
  if (isPending) return null;
  if (!user) return <VisitorHeart vendorName={vendorName} className={className} />;
  if (user.userType === 'vendor' || user.role === 'admin') return null;
  return <CustomerHeart userId={user.id} vendorId={vendorId} vendorName={vendorName} className={className} />;
}

function VisitorHeart({ vendorName, className }: { vendorName: string; className?: string | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const ask = () =>
    toast('Sign in to save favorites', {
      description: `Create a free customer account to keep ${vendorName} in your favorites.`,
      action: {
        label: 'Sign in',
        onClick: () => navigate(`/auth?next=${encodeURIComponent(location.pathname + location.search)}`),
      },
    });
  return (
    <button
      type="button"
      className={cn(heartClass, className)}
      aria-pressed={false}
      aria-label={`Save ${vendorName} to favorites`}
      onClick={ask}
    >
      <Heart className="size-5" aria-hidden />
    </button>
  );
}

function CustomerHeart({
  userId,
  vendorId,
  vendorName,
  className,
}: {
  userId: string;
  vendorId: string;
  vendorName: string;
  className?: string | undefined;
}) {
  const favorites = useFavoriteVendorIds(userId);
  const toggle = useToggleFavorite(userId);
  const on = favorites.data?.has(vendorId) ?? false;
  const flip = () =>
    toggle.mutate(
      { vendorId, favorite: !on },
      {
        onSuccess: (r) => toast.success(r.favorite ? 'Added to favorites' : 'Removed from favorites'),
        onError: (err) => toast.error(err.message),
      },
    );
  return (
    <button
      type="button"
      className={cn(heartClass, on && 'text-rose-600', className)}
      aria-pressed={on}
      aria-label={`Save ${vendorName} to favorites`}
      disabled={favorites.isPending}
      onClick={flip}
    >
      <Heart className={cn('size-5', on && 'fill-rose-500')} aria-hidden />
    </button>
  );
}
