import { lazy, Suspense, useState } from 'react';
import { LazyPart } from '../lazy-part.tsx';
import { Link, NavLink } from 'react-router';
import { dashboardPath, type SessionUser, useSession } from '../../lib/auth-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import { MenuToggle } from './menu-toggle.tsx';
import { useSignOut } from './use-sign-out.ts';

const LINKS = [
  { to: '/browse-vendors', label: 'Browse Vendors' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/about', label: 'About' },
];
const MOBILE_LINKS = [...LINKS, { to: '/support', label: 'Support' }];

// Signed-in only: visitors (and the home page's first load) never download the bell, its panel or Radix
// Popover.
const NavNotifications = lazy(() => import('../../features/notifications/nav-items.tsx'));
const MobileMessagesLink = lazy(() =>
  import('../../features/notifications/nav-items.tsx').then((m) => ({ default: m.MobileMessagesLink })),
);

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-medium transition-colors hover:text-rose-600',
    isActive ? 'text-rose-600' : 'text-cocoa-700',
  );

function AuthButtons({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  const { data, isPending } = useSession();
  const signOut = useSignOut(onNavigate);

  if (isPending) {
    // Keys make the buttons new elements rather than the placeholder restyled: appearing is not a
    // layout shift, an element that moves and grows is.
    return (
      <div
        key="pending"
        aria-hidden
        data-testid="auth-placeholder"
        className={cn('h-9 animate-pulse rounded-full bg-cream-200', stacked ? 'w-full' : 'w-52')}
      />
    );
  }
  if (data?.user) {
    return (
      <div key="user" className={cn('flex gap-2', stacked && 'flex-col')}>
        <Button asChild variant="outline" size="sm">
          <Link to={dashboardPath(data.user as SessionUser)} onClick={onNavigate}>
            Dashboard
          </Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={signOut}>
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div key="guest" className={cn('flex gap-2', stacked && 'flex-col')}>
      <Button asChild variant="ghost" size="sm">
        <Link to="/auth" onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
      <Button asChild size="sm">
        <Link to="/auth" onClick={onNavigate}>
          Get Started
        </Link>
      </Button>
    </div>
  );
}

export function NavBar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const userId = useSession().data?.user.id;
  return (
    <header className="sticky top-0 z-40 border-b border-cocoa-900/5 bg-cream-100/85 backdrop-blur-md">
      {/* The links and account buttons show from lg (below it the menu has them): with the bell and Messages
          they no longer fit a tablet's width. The links then sit in a centred column of their own, so they
          stay put whatever the right-hand side shows (a placeholder, Sign In, or the bell and Dashboard). */}
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:grid lg:grid-cols-[1fr_auto_1fr] lg:justify-items-start lg:gap-2"
      >
        <Logo onClick={close} />
        <ul className="hidden items-center gap-1 lg:flex">
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={linkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {/* Below lg as wide as the bell and the menu button from the start, so it does not grow (and
            move) when the bell arrives. */}
        <div className="flex min-w-[5.25rem] items-center justify-end gap-1 justify-self-end sm:min-w-[5.5rem] sm:gap-2 lg:min-w-0">
          {userId && (
            // As wide as the bell, and from lg the bell and Messages, so nothing moves when they arrive.
            <LazyPart fallback={<div aria-hidden className="h-10 w-10 lg:w-[5.25rem]" />}>
              <NavNotifications key={userId} userId={userId} />
            </LazyPart>
          )}
          {/* As wide as either set of buttons, so the links beside it stay put when the session is known. */}
          <div className="hidden min-w-52 justify-end lg:flex">
            <AuthButtons />
          </div>
          <MenuToggle open={open} controls="mobile-menu" onToggle={() => setOpen((o) => !o)} />
        </div>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="border-t border-cocoa-900/5 bg-cream-100 px-4 pb-6 pt-2 shadow-lg lg:hidden"
        >
          <ul className="flex flex-col">
            {MOBILE_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  className={({ isActive }) => cn(linkClass({ isActive }), 'block py-3 text-base')}
                  onClick={close}
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
            {userId && (
              <li>
                <Suspense fallback={null}>
                  <MobileMessagesLink
                    userId={userId}
                    onNavigate={close}
                    className={cn(linkClass({ isActive: false }), 'py-3 text-base')}
                  />
                </Suspense>
              </li>
            )}
          </ul>
          <div className="mt-4 border-t border-cocoa-900/10 pt-4">
            <AuthButtons onNavigate={close} stacked />
          </div>
        </div>
      )}
    </header>
  );
}
