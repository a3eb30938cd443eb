import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { type ConversationSummary, photosPreview } from '../../../shared/schemas/messages.ts';
import { Skeleton, Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { formatShortDateTime } from '../../../shared/time.ts';

export function NoMessages({ text }: { text: string }) {
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-10 text-center ring-1 ring-cocoa-900/5">
      <MessageCircle className="mx-auto size-10 text-rose-300" aria-hidden />
      <p className="mt-3 font-display text-xl font-semibold">No messages yet</p>
      <p className="mt-1 text-cocoa-600">{text}</p>
    </div>
  );
}

/** "You: See you Friday", or for a message of images only "Sent 2 photos" / "You sent 2 photos". */
function lastMessageText({ body, imageCount, mine }: NonNullable<ConversationSummary['lastMessage']>) {
  if (body) return `${mine ? 'You: ' : ''}${body}`;
  const photos = photosPreview(imageCount);
  return mine ? `You ${photos.toLowerCase()}` : photos;
}

/** Conversations, newest first; each opens on the messages page. */
export function ConversationList({
  conversations,
  selectedId,
}: {
  conversations: ConversationSummary[];
  selectedId?: string | null;
}) {
  return (
    <ul className="divide-y divide-cocoa-900/8 overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-cocoa-900/5">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            to={`/messages?c=${c.id}`}
            aria-current={c.id === selectedId ? 'page' : undefined}
            className={cn(
              'block px-4 py-3 hover:bg-cream-100 focus-visible:bg-cream-100',
              c.id === selectedId && 'bg-rose-50',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className={cn('truncate', c.unread ? 'font-bold' : 'font-semibold')}>
                {c.counterpart.name}
              </span>
              <time dateTime={c.lastMessageAt} className="shrink-0 text-xs text-cocoa-500">
                {formatShortDateTime(c.lastMessageAt)}
              </time>
            </span>
            <span className="mt-0.5 flex items-center gap-2 text-sm text-cocoa-600">
              {c.unread && (
                <span className="size-2 shrink-0 rounded-full bg-rose-500">
                  <span className="sr-only">Unread: </span>
                </span>
              )}
              <span className="truncate">
                {c.lastMessage ? lastMessageText(c.lastMessage) : 'No messages yet'}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The list's shape while it loads: three conversations' rows at their height. */
export function ConversationListSkeleton() {
  return (
    <div className="divide-y divide-cocoa-900/8 overflow-hidden rounded-[var(--radius-card)] bg-white ring-1 ring-cocoa-900/5">
      <Spinner label="Loading conversations" className="sr-only" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2 px-4 py-3.5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}
