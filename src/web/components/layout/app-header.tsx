import { lazy, useState } from 'react';
import { LazyPart } from '../lazy-part.tsx';
import { Link, NavLink } from 'react-router';
import { type SessionUser, useSession } from '../../lib/auth-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';
import { MenuToggle } from './menu-toggle.tsx';
import { allowed, type Need } from './require-auth.tsx';
import { useSignOut } from './use-sign-out.ts';

/** A part of Frosted people work in (the vendor dashboard, the admin pages) and its own pages. */
export interface AppArea {
  /** Shown beside the logo. */
  name: string;
  /** Who works here: others (RequireAuth tells them so) are not shown its links. */
  need: Need;
  links: { to: string; label: string }[];
}

// The bell, Messages and the bell's panel (Radix Popover): their own chunk, as in the site's navigation.
const NavNotifications = lazy(() => import('../../features/notifications/nav-items.tsx'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-medium transition-colors hover:text-rose-600',
    isActive ? 'bg-white text-rose-600 shadow-sm' : 'text-cocoa-700',
  );

/**
 * The header of a work page: the logo (home), the area's pages, Messages and the bell, the account.
 * Compact (56 px) so a phone's first screen is the work; below lg the pages and the account are in a
 * menu, and Messages and the bell stay in the bar.
 */
export function AppHeader({ area }: { area: AppArea }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const { data, isPending } = useSession();
  const user = data?.user as SessionUser | undefined;
  const links = user && allowed(user, area.need) ? area.links : [];
  const signOut = useSignOut(close);
  // Placeholders as wide as what replaces them, so the bar does not move when the session is known.
  const notificationsPlaceholder = <div aria-hidden className="h-10 w-[5.25rem]" />;
  return (
    <header className="sticky top-0 z-40 border-b border-cocoa-900/8 bg-cream-100/90 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Logo onClick={close} />
        <span className="hidden rounded-full bg-cocoa-900/6 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-cocoa-600 sm:inline">
          {area.name}
        </span>
        <ul className="ml-4 hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end className={linkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user ? (
            <LazyPart fallback={notificationsPlaceholder}>
              <NavNotifications key={user.id} userId={user.id} messagesAlways />
            </LazyPart>
          ) : (
            isPending && notificationsPlaceholder
          )}
          <div className="hidden min-w-64 justify-end gap-2 lg:flex">
            {user && (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link to="/account">Account settings</Link>
                </Button>
                <Button variant="outline" size="sm" onClick={signOut}>
                  Sign Out
                </Button>
              </>
            )}
          </div>
          <MenuToggle open={open} controls="app-menu" onToggle={() => setOpen((o) => !o)} />
        </div>
      </nav>
      {open && (
        <div
          id="app-menu"
          className="border-t border-cocoa-900/8 bg-cream-100 px-4 pb-4 pt-2 shadow-lg lg:hidden"
        >
          <ul className="flex flex-col">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  end
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-xl px-3 py-3 text-base font-medium',
                      isActive ? 'text-rose-600' : 'text-cocoa-700',
                    )
                  }
                >
                  {l.label}
                </NavLink>
              </li>
            ))}
            {user && (
              <li>
                <Link
                  to="/account"
                  onClick={close}
                  className="block rounded-xl px-3 py-3 text-base font-medium text-cocoa-700"
                >
                  Account settings
                </Link>
              </li>
            )}
          </ul>
          {user && (
            <div className="mt-2 border-t border-cocoa-900/10 pt-4">
              <Button variant="outline" size="sm" className="w-full" onClick={signOut}>
                Sign Out
              </Button>
            </div>
          )}
        </div>
      )}
    </header>
  );
}
