import { Link } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useConversations } from './api.ts';
import { ConversationList, ConversationListSkeleton, NoMessages } from './conversation-list.tsx';

/** The dashboard's Messages tab: the user's real conversations, or the empty state. */
export function MessagesTab() {
  const { data, isPending, error, refetch } = useConversations();
  if (isPending) return <ConversationListSkeleton />;
  if (error) return <LoadError message={error.message} onRetry={() => void refetch()} />;
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
