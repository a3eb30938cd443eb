import {
  favoriteVendorIdsSchema,
  favoriteVendorParamSchema,
  favoriteVendorStateSchema,
} from '../../../shared/schemas/favorites.ts';
import { signedIn } from '../../http/auth-guard.ts';
import { json, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { presentFavoriteVendorIds, presentFavoriteVendorState } from './presenter.ts';
import { addFavoriteVendor, listFavoriteVendorIds, removeFavoriteVendor } from './service.ts';

const toggleLimit = rateLimit({ name: 'favorites', max: () => 60, windowSeconds: 60 });
const route = routesOf({ tags: ['favorites'], use: signedIn });

const toggle = (method: 'put' | 'delete', summary: string) =>
  route[method]('/vendors/{vendorId}', {
    summary,
    use: [toggleLimit, signedIn],
    params: favoriteVendorParamSchema,
    ok: json(favoriteVendorStateSchema, 'Whether the vendor is now a favorite'),
    errors: [400, 401, 403, 404, 429, 503],
  });

/** The signed-in customer's favorite vendors (/api/me/favorites). PUT and DELETE are idempotent. */
export const favoriteRoutes = openApiRoutes()
  .openapi(
    route.get('/vendors', {
      summary: "The signed-in customer's favorite vendor ids",
      ok: json(favoriteVendorIdsSchema, 'Favorite vendor ids'),
      errors: [400, 401, 403, 503],
    }),
    async (c) => {
      const { actor } = c.var;
      return c.json(
        presentFavoriteVendorIds(await listFavoriteVendorIds({ db: c.var.services.db, actor })),
        200,
      );
    },
  )
  .openapi(toggle('put', 'Save a vendor as a favorite'), async (c) => {
    const { actor } = c.var;
    const { vendorId } = c.req.valid('param');
    await addFavoriteVendor({ db: c.var.services.db, actor, vendorId });
    return c.json(presentFavoriteVendorState(vendorId, true), 200);
  })
  .openapi(toggle('delete', 'Remove a vendor from the favorites'), async (c) => {
    const { actor } = c.var;
    const { vendorId } = c.req.valid('param');
    await removeFavoriteVendor({ db: c.var.services.db, actor, vendorId });
    return c.json(presentFavoriteVendorState(vendorId, false), 200);
  });
