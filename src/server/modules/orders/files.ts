import { isAdmin } from '../../actor.ts';
import { orderParties } from '../notifications/index.ts';
import type { OwnerPolicy } from '../storage/index.ts';

/**
 * Who may see an order's pictures (delivery photos, design proofs, claim photos): the same people
 * who may open the order (getOrderDetail), its customer, its vendor's owner and admins.
 */
export const mayReadOrderFiles: OwnerPolicy = async ({ db, actor, ownerId }) =>
  isAdmin(actor) || (await orderParties(db, ownerId)).includes(actor.id);
