import type { SupportRequestInput } from '../../../shared/schemas/support.ts';
import type { Db } from '../../db/client.ts';
import { supportRequests } from '../../db/schema/index.ts';

/** Stores a contact-form message; a signed-in sender is linked to the request. */
export async function createSupportRequest({
  db,
  actorUserId,
  input,
}: {
  db: Db;
  actorUserId: string | null;
  input: SupportRequestInput;
}) {
  const [row] = await db
    .insert(supportRequests)
    .values({ id: `sr_${crypto.randomUUID()}`, userId: actorUserId, ...input })
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}
