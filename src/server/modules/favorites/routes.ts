import { Hono } from 'hono';
import { favoriteVendorParamSchema } from '../../../shared/schemas/favorites.ts';
import { requireActor } from '../../http/auth-guard.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import type { AppEnv } from '../../http/types.ts';
import { parseOrThrow } from '../../http/validate.ts';
import { presentFavoriteVendorIds, presentFavoriteVendorState } from './presenter.ts';
import { addFavoriteVendor, listFavoriteVendorIds, removeFavoriteVendor } from './service.ts';

const toggleLimit = rateLimit({ name: 'favorites', max: () => 60, windowSeconds: 60 });

/** The signed-in customer's favorite vendors (/api/me/favorites). PUT and DELETE are idempotent. */
export const favoriteRoutes = new Hono<AppEnv>()
  .get('/vendors', async (c) => {
    const actor = await requireActor(c);
    return c.json(presentFavoriteVendorIds(await listFavoriteVendorIds({ db: c.var.services.db, actor })));
  })
  .put('/vendors/:vendorId', toggleLimit, async (c) => {
    const actor = await requireActor(c);
    const { vendorId } = parseOrThrow(favoriteVendorParamSchema, c.req.param());
    await addFavoriteVendor({ db: c.var.services.db, actor, vendorId });
    return c.json(presentFavoriteVendorState(vendorId, true));
  })
  .delete('/vendors/:vendorId', toggleLimit, async (c) => {
    const actor = await requireActor(c);
    const { vendorId } = parseOrThrow(favoriteVendorParamSchema, c.req.param());
    await removeFavoriteVendor({ db: c.var.services.db, actor, vendorId });
    return c.json(presentFavoriteVendorState(vendorId, false));
  });
