import { AppError } from '../../errors.ts';
import type { Actor } from '../../actor.ts';

/** Favorites belong to customer accounts; vendors and visitors have none. */
export function assertCanFavorite(actor: Actor) {
  if (actor.userType !== 'customer')
    throw AppError.forbidden('Only customer accounts can save favorite vendors.');
}
