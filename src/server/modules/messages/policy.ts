import { eq, or } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';

/** Who is asking: the user, and for vendor accounts the business they speak for. */
export interface Participant {
  userId: string;
  vendorId: string | null;
}

/**
 * The conversations a user may read or write in: their own as a customer, and their business's as a
 * vendor. Everything else looks like a missing conversation.
 */
export const conversationScope = (me: Participant) =>
  me.vendorId
    ? or(eq(conversations.customerId, me.userId), eq(conversations.vendorId, me.vendorId))
    : eq(conversations.customerId, me.userId);

/** Which side of a conversation the participant is on. */
export const participantIn = (
  me: Participant,
  c: { customerId: string; vendorId: string },
): 'customer' | 'vendor' => (c.customerId === me.userId ? 'customer' : 'vendor');
