import { lazy, useEffect, useSyncExternalStore } from 'react';
import { LazyPart } from '../lazy-part.tsx';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { Spinner } from '../ui/spinner.tsx';
import { usePendingDesignSave } from '../../features/designer/pending-save.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useSessionKeeper } from '../../lib/use-session-keeper.ts';

/** Scrolls to the element named by the URL hash (e.g. /#ai-designer) once the page has rendered it. */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) {
        window.clearInterval(timer);
        el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [hash, pathname]);
}

/** Sonner's own width below which a toast spans the screen. */
const PHONE = '(max-width: 600px)';
const onWidthChange = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};

/**
 * Where toasts open. On a wide screen at the bottom right (at the top they covered the navigation
 * links). On a phone across the top, over the header: at the bottom a toast covered what had just
 * been pressed and what replaced it (the next status step, the confirmation that took the focus).
 */
function useToastPosition() {
  const phone = useSyncExternalStore(
    onWidthChange,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return phone ? 'top-center' : 'bottom-right';
}

// The event stream and what it updates: downloaded and opened only once someone is signed in.
const LiveUpdates = lazy(() => import('../../features/notifications/live-updates.tsx'));

/**
 * What every page shares, whichever layout it has (src/web/router.tsx): the site's (navigation and
 * footer, site-layout.tsx) or, on vendors' and admins' work pages, the app's (app-layout.tsx).
 */
export function RootLayout() {
  useHashScroll();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Outlet />
      <Toaster
        position={useToastPosition()}
        mobileOffset={{ top: 4 }}
        richColors
        closeButton
        duration={5000}
        hotkey={['altKey', 'KeyT']}
      />
      <SessionWork />
      <ScrollRestoration />
    </div>
  );
}

/**
 * What follows the session: keeping it alive, a design saved before signing in, the event stream. A
 * component of its own, so that each change of the session (read, refreshed) renders this and not the
 * whole page below the root layout.
 */
function SessionWork() {
  useSessionKeeper();
  usePendingDesignSave();
  const userId = useSession().data?.user.id;
  // One stream per signed-in tab; a new user (or signing out) closes it.
  return userId ? (
    <LazyPart fallback={null}>
      <LiveUpdates key={userId} userId={userId} />
    </LazyPart>
  ) : null;
}

/** What the page area shows while the first page's code loads. */
export function PageLoading() {
  return (
    <div className="flex justify-center py-24">
      <Spinner label="Loading Frosted" />
    </div>
  );
}
