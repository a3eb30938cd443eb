import type { OutboxRow, RenderContext, RenderedEmail } from '../../mail/index.ts';
import { renderMessages, renderReminder } from './digests.ts';
import { renderEvent } from './events.ts';

/**
 * Writes a queued e-mail from its payload, reading what it is about now (names, numbers, whether the
 * order is still waiting). Null when there is nothing left to say (the order completed before its
 * reminder was due, the notification was pruned): the e-mail is then cancelled.
 */
export async function renderQueuedEmail(ctx: RenderContext, row: OutboxRow): Promise<RenderedEmail | null> {
  const payload = row.payload;
  if (!payload) return null;
  switch (payload.template) {
    case 'event':
      return renderEvent(ctx, row, payload.eventId);
    case 'messages':
      return renderMessages(ctx, row, payload.messageIds, payload.total);
    case 'reminder':
      return renderReminder(ctx, row, payload.orderId, payload.completesAt);
  }
}
