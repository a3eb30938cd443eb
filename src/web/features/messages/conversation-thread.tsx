import { zodResolver } from '@hookform/resolvers/zod';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ArrowLeft, Lock, Send } from 'lucide-react';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  sendMessageFormSchema,
  type SendMessageFormInput,
  type SendMessageFormValues,
} from '../../../shared/schemas/messages.ts';
import { Button } from '../../components/ui/button.tsx';
import { fieldA11y } from '../../components/ui/field.tsx';
import { FieldError, Label, NativeSelect, Textarea } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { type Thread, useMarkRead, useSendMessage, useThread } from './api.ts';
import { AttachImagesInput, AttachmentPreviews, useAttachments } from './attach-images.tsx';
import { MessageLog } from './message-log.tsx';

/**
 * Marks the conversation read whenever the thread shows a message from the other side newer than the
 * last one marked. A thread that opened with nothing unread had been read before.
 */
function useMarkShownRead(id: string, thread: Thread | undefined) {
  const { mutate: markRead } = useMarkRead(id);
  const loaded = thread !== undefined;
  const unreadOnOpen = thread?.unread ?? false;
  const lastTheirs = thread?.messages.findLast((m) => !m.mine)?.id;
  const through = thread?.newerCursor;
  const marked = useRef<{ opened: boolean; id?: string | undefined }>({ opened: false });
  useEffect(() => {
    if (!loaded) return;
    if (!marked.current.opened) {
      marked.current = { opened: true, id: unreadOnOpen ? undefined : lastTheirs };
    }
    if (!lastTheirs || !through || marked.current.id === lastTheirs) return;
    marked.current.id = lastTheirs;
    markRead(through);
  }, [loaded, unreadOnOpen, lastTheirs, through, markRead]);
}

/** One conversation: its messages (new ones polled every few seconds, older ones on request) and the composer. */
export function ConversationThread({ id, orderId }: { id: string; orderId: string | null }) {
  const { data, isPending, error, refetch } = useThread(id);
  useMarkShownRead(id, data);

  // The thread's frame at its least height, so the page below it stays put when the messages arrive.
  if (isPending)
    return (
      <div className="flex min-h-[28rem] items-center justify-center rounded-[var(--radius-card)] bg-white ring-1 ring-cocoa-900/5">
        <Spinner label="Loading conversation" />
      </div>
    );
  if (error) return <LoadError message={error.message} onRetry={() => void refetch()} className="p-8" />;

  return (
    <section
      aria-label={`Conversation with ${data.counterpart.name}`}
      className="flex min-h-[28rem] flex-col rounded-[var(--radius-card)] bg-white ring-1 ring-cocoa-900/5"
    >
      <header className="flex items-center gap-3 border-b border-cocoa-900/8 px-4 py-3">
        <Link to="/messages" className="rounded-full p-1 md:hidden" aria-label="All conversations">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h2 className="truncate text-xl font-semibold">{data.counterpart.name}</h2>
        {data.counterpart.vendorId && (
          <Link
            to={`/vendor/${data.counterpart.vendorId}`}
            className="ml-auto shrink-0 text-sm font-medium text-rose-600 hover:underline"
          >
            View profile
          </Link>
        )}
      </header>
      {data.contactDetailsMasked && (
        <p className="flex items-start gap-2 bg-gold-100 px-4 py-2 text-xs text-cocoa-700">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Phone numbers, e-mail addresses and links are hidden until an order is paid, so your payment stays
          protected on Frosted.
        </p>
      )}
      <MessageLog id={id} thread={data} />
      <Composer
        conversationId={id}
        orders={data.orders}
        defaultOrderId={data.orders.some((o) => o.id === orderId) ? orderId : null}
      />
    </section>
  );
}

function Composer({
  conversationId,
  orders,
  defaultOrderId,
}: {
  conversationId: string;
  orders: { id: string; orderNumber: string }[];
  defaultOrderId: string | null;
}) {
  const send = useSendMessage(conversationId);
  const { register, handleSubmit, formState, setError, setValue, trigger, resetField } = useForm<
    SendMessageFormInput,
    unknown,
    SendMessageFormValues
  >({
    resolver: zodResolver(sendMessageFormSchema),
    defaultValues: { body: '', orderId: defaultOrderId ?? '', images: [] },
  });
  const attachments = useAttachments((files) => {
    // Checked at once (count, size, type), so a problem shows before sending.
    setValue('images', files, { shouldValidate: true });
    if (formState.errors.body) void trigger('body');
  });
  const submit = handleSubmit((input) =>
    send.mutate(
      { body: input.body, images: input.images, ...(input.orderId ? { orderId: input.orderId } : {}) },
      {
        // Only a sent message clears the box; on an error the text and images stay for another try.
        onSuccess: () => {
          resetField('body');
          attachments.clear();
        },
        onError: (err) => {
          const fields: Record<string, string> = err instanceof ApiError ? { ...err.fields } : {};
          // A request too large for the server, with images attached, is about the images.
          if (err instanceof ApiError && err.status === 413 && input.images.length > 0)
            fields.images ??= err.message;
          const shown = (['body', 'orderId', 'images'] as const).filter((name) => fields[name]);
          for (const name of shown) setError(name, { message: fields[name] });
          if (shown.length === 0) toast.error(err.message);
        },
      },
    ),
  );
  const bodyError = formState.errors.body?.message;
  const imagesError = formState.errors.images?.message;
  const focusPicker = useCallback(() => document.getElementById('message-images')?.focus(), []);
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-2 border-t border-cocoa-900/8 p-3">
      {orders.length > 0 && (
        <div className="flex items-center gap-2">
          <Label htmlFor="message-order" className="shrink-0 text-xs">
            About
          </Label>
          <NativeSelect id="message-order" className="h-9 text-sm" {...register('orderId')}>
            <option value="">No particular order</option>
            {orders.map((o) => (
              <option key={o.id} value={o.id}>
                Order {o.orderNumber}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <AttachmentPreviews
        items={attachments.items}
        onRemove={attachments.remove}
        fallbackFocus={focusPicker}
      />
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Label htmlFor="message-body" className="sr-only">
            Message
          </Label>
          <Textarea
            rows={2}
            placeholder="Write a message..."
            {...fieldA11y('message-body', bodyError)}
            {...register('body')}
            onKeyDown={(e) => {
              // Enter sends, Shift+Enter starts a new line, as in other chat apps.
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </div>
        <Button type="submit" disabled={send.isPending} aria-label="Send message">
          <Send aria-hidden /> <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <AttachImagesInput
        id="message-images"
        count={attachments.items.length}
        error={imagesError}
        onPick={attachments.add}
      />
      <FieldError id="message-body-error" message={bodyError} />
      <FieldError id="message-images-error" message={imagesError} />
      <FieldError id="message-order-error" message={formState.errors.orderId?.message} />
    </form>
  );
}
