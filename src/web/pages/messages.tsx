import { useEffect, useRef } from 'react';
import { LoadError } from '../components/ui/load-error.tsx';
import { useSearchParams } from 'react-router';
import { RequireAuth } from '../components/layout/require-auth.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import type { SessionUser } from '../lib/auth-client.ts';
import { cn } from '../lib/cn.ts';
import { useConversations, useStartConversation } from '../features/messages/api.ts';
import {
  ConversationList,
  ConversationListSkeleton,
  NoMessages,
} from '../features/messages/conversation-list.tsx';
import { ConversationThread } from '../features/messages/conversation-thread.tsx';

export default function MessagesPage() {
  return <RequireAuth need="any">{(user) => <Messages user={user} />}</RequireAuth>;
}

/** ?c= opens a conversation; ?vendor= (from a vendor page, card or order) opens the one with that vendor. */
function Messages({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const vendorId = params.get('vendor');
  const orderId = params.get('order');
  const list = useConversations(true);
  const start = useStartConversation();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!vendorId || started.current === vendorId) return;
    started.current = vendorId;
    start.mutate(vendorId, {
      onSuccess: ({ id }) => setParams({ c: id, ...(orderId ? { order: orderId } : {}) }, { replace: true }),
    });
  }, [vendorId, orderId, start, setParams]);

  const isVendor = user.userType === 'vendor';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl font-semibold">Messages</h1>
      <p className="mt-1 text-cocoa-600">
        {isVendor
          ? 'Questions and requests from your customers.'
          : 'Talk with your vendors about designs, quotes and orders.'}
      </p>
      {start.isError && (
        <div role="alert" className="mt-6 rounded-2xl bg-rose-50 p-4 text-sm text-rose-700">
          {start.error.message}
        </div>
      )}
      <div className="mt-8 grid gap-6 md:grid-cols-[18rem_1fr]">
        <div className={cn(selected && 'hidden md:block')}>
          {list.isPending ? (
            <ConversationListSkeleton />
          ) : list.isError ? (
            <LoadError message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.length === 0 ? (
            <NoMessages
              text={
                isVendor
                  ? 'When a customer writes to you, the conversation appears here.'
                  : 'Open a vendor’s page and press Message to start a conversation.'
              }
            />
          ) : (
            <ConversationList conversations={list.data} selectedId={selected} />
          )}
        </div>
        <div className={cn(!selected && 'hidden md:block')}>
          {selected ? (
            <ConversationThread key={selected} id={selected} orderId={orderId} />
          ) : vendorId && start.isPending ? (
            <Spinner label="Opening the conversation" />
          ) : (
            <div className="hidden h-full items-center justify-center rounded-[var(--radius-card)] border border-dashed border-cocoa-900/15 p-10 text-center text-cocoa-500 md:flex">
              Choose a conversation to read it.
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
