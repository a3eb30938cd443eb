import { useState } from 'react';
import { toast } from 'sonner';
import { REPLY_LIMITS, reviewReplySchema } from '../../../shared/schemas/reviews.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextareaField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useReplyToReview } from '../reviews/api.ts';

/** Reply publicly, once: a button that opens a short form under the review. */
export function ReviewReply({ reviewId }: { reviewId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = `reply-${reviewId}`;
  const send = useReplyToReview(reviewId);
  if (!open)
    return (
      <Button variant="outline" size="sm" className="mt-4" onClick={() => setOpen(true)}>
        Reply publicly
      </Button>
    );
  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = reviewReplySchema.safeParse({ reply: text });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        send.mutate(parsed.data.reply, {
          onSuccess: () => {
            toast.success('Your reply is published.');
            setOpen(false);
          },
          onError: (err) => {
            if (err instanceof ApiError && err.fields.reply) setError(err.fields.reply);
            else toast.error(err.message);
          },
        });
      }}
    >
      <TextareaField
        id={id}
        label="Your public reply"
        error={error}
        rows={3}
        maxLength={REPLY_LIMITS.max}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <p className="text-xs text-cocoa-500">Everyone can read it under the review. You can reply once.</p>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? 'Publishing...' : 'Publish Reply'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
