import { Bell, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover.tsx';
import { cn } from '../../lib/cn.ts';
import { useUnreadCounts } from './api.ts';
import { NotificationPanel } from './notification-panel.tsx';
import { CountBadge } from './unread-badge.tsx';

const named = (what: string, count: number) => (count > 0 ? `${what}, ${count} unread` : what);

/**
 * The signed-in part of the navigation bar (loaded only once there is a session): Messages with its
 * unread count (from the lg breakpoint, where the site's menu has its own link below it; at every
 * width in the vendors' and admins' app header, which has no such link) and the notification bell.
 */
export default function NavNotifications({
  userId,
  messagesAlways = false,
}: {
  userId: string;
  messagesAlways?: boolean;
}) {
  const counts = useUnreadCounts(userId).data;
  const messages = counts?.messages ?? 0;
  return (
    <div className="flex items-center gap-1">
      <Button
        asChild
        variant="ghost"
        size="icon"
        className={cn('relative', !messagesAlways && 'hidden lg:inline-flex')}
      >
        <Link to="/messages" aria-label={named('Messages', messages)}>
          <MessageCircle className="size-5!" aria-hidden />
          <CountBadge count={messages} className="absolute -top-0.5 -right-0.5" />
        </Link>
      </Button>
      <NotificationBell userId={userId} unread={counts?.notifications ?? 0} />
    </div>
  );
}

/** The mobile menu's Messages link, with the unread count. */
export function MobileMessagesLink({
  userId,
  className,
  onNavigate,
}: {
  userId: string;
  className: string;
  onNavigate: () => void;
}) {
  const messages = useUnreadCounts(userId).data?.messages ?? 0;
  return (
    <Link
      to="/messages"
      onClick={onNavigate}
      aria-label={named('Messages', messages)}
      className={cn('flex items-center gap-2', className)}
    >
      Messages
      <CountBadge count={messages} />
    </Link>
  );
}

/**
 * The bell and its panel. Alt+T (the spec's hotkey for notifications) belongs to the toasts while any
 * are showing, as sonner has it; with none on screen it brings focus here instead of doing nothing.
 */
function NotificationBell({ userId, unread }: { userId: string; unread: number }) {
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.code !== 'KeyT') return;
      // Sonner's own listener moves focus to the toasts when there are some.
      if (document.querySelector('[data-sonner-toaster]')) return;
      event.preventDefault();
      bell.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          ref={bell}
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={named('Notifications', unread)}
          aria-keyshortcuts="Alt+T"
        >
          <Bell className="size-5!" aria-hidden />
          <CountBadge count={unread} className="absolute -top-0.5 -right-0.5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent>
        <NotificationPanel userId={userId} onNavigate={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
