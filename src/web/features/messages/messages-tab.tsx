import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useConversations } from './api.ts';
import { ConversationList, NoMessages } from './conversation-list.tsx';

/** The dashboard's Messages tab: the user's real conversations, or the empty state. */
export function MessagesTab() {
  const { data, isPending, error, refetch } = useConversations();
  if (isPending) return <Spinner label="Loading conversations" />;
  if (error)
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center">
        <p className="text-cocoa-600">{error.message}</p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          Try Again
        </Button>
      </div>
    );
  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">Messages</h2>
        {data.length > 0 && (
          <Button asChild variant="outline" size="sm">
            <Link to="/messages">Open messages</Link>
          </Button>
        )}
      </div>
      <div className="mt-5">
        {data.length === 0 ? (
          <NoMessages text="Conversations with your vendors will appear here." />
        ) : (
          <ConversationList conversations={data} />
        )}
      </div>
    </div>
  );
}
