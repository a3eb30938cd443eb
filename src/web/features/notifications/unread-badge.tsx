import { cn } from '../../lib/cn.ts';
import { useUnreadCounts } from './api.ts';

/** "99+" past 99: the badge stays small. */
export const countText = (count: number) => (count > 99 ? '99+' : String(count));

/** A small count on an icon or a tab; decorative (the control's own name says the count). */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-[0.7rem] leading-none font-bold text-white tabular-nums',
        className,
      )}
    >
      {countText(count)}
    </span>
  );
}

/** The unread messages beside a "Messages" tab or button: the count, and for a screen reader "3 unread". */
export function UnreadMessagesBadge({ userId, className }: { userId: string; className?: string }) {
  const count = useUnreadCounts(userId).data?.messages ?? 0;
  if (count <= 0) return null;
  return (
    <>
      <CountBadge count={count} className={className} />
      <span className="sr-only">, {count} unread</span>
    </>
  );
}
