import { useLayoutEffect, useRef } from 'react';
import type { Message, MessageImage } from '../../../shared/schemas/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { type Thread, useLoadEarlier } from './api.ts';
import { formatDateTime } from '../../../shared/time.ts';

/** Within this many pixels of the bottom the reader is following the conversation. */
const FOLLOW_PX = 80;

/**
 * The scrolling message pane: opens at the newest message, follows new ones while the reader is at the
 * bottom, and "Show earlier messages" puts older pages above without moving what the reader sees.
 */
export function MessageLog({ id, thread }: { id: string; thread: Thread }) {
  const loadEarlier = useLoadEarlier(id);
  const pane = useRef<HTMLDivElement>(null);
  const start = useRef<HTMLParagraphElement>(null);
  // What the pane showed at the last layout: its first and last message, and the distance from the top
  // of the view to the bottom of the content (which a prepended page does not change).
  const shown = useRef<{ first?: string; last?: string; fromBottom: number }>({ fromBottom: 0 });
  const focusStartWhenDone = useRef(false);
  const firstId = (thread.earlier[0] ?? thread.messages[0])?.id;
  const last = thread.messages.at(-1);

  useLayoutEffect(() => {
    const el = pane.current;
    if (!el) return;
    const before = shown.current;
    if (last?.id !== before.last) {
      // Opening, or new messages: show them, unless the reader has scrolled up to read older ones.
      const following = before.last === undefined || before.fromBottom - el.clientHeight < FOLLOW_PX;
      if (following || last?.mine) el.scrollTop = el.scrollHeight;
    } else if (firstId !== before.first) {
      el.scrollTop = el.scrollHeight - before.fromBottom;
      // The button is gone with the last page; keyboard focus goes to the start of the conversation.
      if (focusStartWhenDone.current && !thread.olderCursor) start.current?.focus({ preventScroll: true });
      focusStartWhenDone.current = false;
    }
    shown.current = { first: firstId, last: last?.id, fromBottom: el.scrollHeight - el.scrollTop };
  }, [firstId, last?.id, last?.mine, thread.olderCursor]);

  const showEarlier = () => {
    const el = pane.current;
    if (!thread.olderCursor || loadEarlier.isPending || !el) return;
    shown.current.fromBottom = el.scrollHeight - el.scrollTop;
    focusStartWhenDone.current = el.contains(document.activeElement);
    loadEarlier.mutate(thread.olderCursor);
  };

  return (
    <div
      ref={pane}
      onScroll={(e) => {
        shown.current.fromBottom = e.currentTarget.scrollHeight - e.currentTarget.scrollTop;
      }}
      className="max-h-[60vh] min-h-0 flex-1 overflow-y-auto px-4 py-4 [overflow-anchor:none]"
    >
      {thread.olderCursor ? (
        <div className="mb-3 flex items-center justify-center gap-2">
          {/* Not disabled while loading: a disabled button would drop keyboard focus. */}
          <Button variant="outline" size="sm" aria-disabled={loadEarlier.isPending} onClick={showEarlier}>
            Show earlier messages
          </Button>
          {loadEarlier.isPending && <Spinner label="Loading earlier messages" />}
        </div>
      ) : (
        thread.earlier.length > 0 && (
          <p ref={start} tabIndex={-1} className="mb-3 text-center text-xs text-cocoa-500 outline-none">
            This is the start of your conversation.
          </p>
        )
      )}
      {loadEarlier.isError && (
        <p role="alert" className="mb-3 text-center text-sm text-rose-700">
          {loadEarlier.error.message}
        </p>
      )}
      {thread.earlier.length > 0 && (
        // Kept apart from the live list below, so that loading history is not read out as new messages.
        <ol aria-label="Earlier messages" className="mb-3 space-y-3">
          {thread.earlier.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ol>
      )}
      <ol aria-live="polite" aria-relevant="additions" className="space-y-3">
        {thread.messages.length === 0 && thread.earlier.length === 0 && (
          <li className="py-10 text-center text-cocoa-500">No messages yet. Say hello!</li>
        )}
        {thread.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
    </div>
  );
}

function MessageItem({ message: m }: { message: Message }) {
  const sender = m.mine ? 'You' : m.senderName;
  return (
    <li className={cn('flex flex-col', m.mine ? 'items-end' : 'items-start')}>
      {(m.body || m.orderNumber) && (
        <div
          className={cn(
            'max-w-[85%] rounded-2xl px-4 py-2 whitespace-pre-wrap',
            m.mine ? 'bg-rose-600 text-white' : 'bg-cream-200 text-cocoa-900',
          )}
        >
          {m.orderNumber && (
            <p className={cn('text-xs', m.body && 'mb-1', m.mine ? 'text-rose-100' : 'text-cocoa-500')}>
              About order {m.orderNumber}
            </p>
          )}
          {m.body}
        </div>
      )}
      {m.images.length > 0 && <MessageImages images={m.images} sender={m.mine ? 'you' : m.senderName} />}
      <p className="mt-1 text-xs text-cocoa-500">
        {sender} · {formatDateTime(m.createdAt)}
      </p>
    </li>
  );
}

/** A message's images as thumbnails, each opening the full image in a new tab. */
function MessageImages({ images, sender }: { images: MessageImage[]; sender: string }) {
  const single = images.length === 1;
  return (
    <ul
      aria-label={`Photos from ${sender}`}
      className={cn(
        'mt-1 grid max-w-[85%] gap-1',
        single
          ? 'w-60'
          : images.length === 2 || images.length === 4
            ? 'w-60 grid-cols-2'
            : 'w-72 grid-cols-3',
      )}
    >
      {images.map((image, i) => (
        <li key={image.url}>
          <a
            href={image.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-xl ring-1 ring-cocoa-900/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500"
          >
            <img
              src={image.thumbUrl}
              alt={`Attachment ${i + 1} from ${sender}`}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
              className={cn('h-auto w-full bg-cream-200 object-cover', single ? 'max-h-80' : 'aspect-square')}
            />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
