import {
  packageInputSchema,
  packageListSchema,
  packageOrderSchema,
  packageSavedSchema,
} from '../../../shared/schemas/packages.ts';
import { vendorsOnly } from '../../http/auth-guard.ts';
import { idParams, json, jsonBody, openApiRoutes, routesOf } from '../../http/openapi.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import {
  addPackage,
  deletePackage,
  listOwnPackages,
  presentPackage,
  reorderPackages,
  updatePackage,
} from './packages-service.ts';

const route = routesOf({ tags: ['vendor profile'], use: vendorsOnly });
const writes = rateLimit({ name: 'vendor-packages', max: () => 120, windowSeconds: 600 });

const list = route.get('/', {
  summary: "The signed-in vendor's packages in their order",
  ok: json(packageListSchema, 'The packages'),
  errors: [401, 403, 404, 503],
});

const create = route.post('/', {
  summary: 'Add a package with its starting price (approved vendors)',
  use: [writes, vendorsOnly],
  body: jsonBody(packageInputSchema),
  created: json(packageSavedSchema, 'The new package, last in the list'),
  errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
});

const reorder = route.put('/order', {
  summary: 'Put the packages in a new order (every package exactly once)',
  use: [writes, vendorsOnly],
  body: jsonBody(packageOrderSchema),
  ok: json(packageListSchema, 'The packages in their new order'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

const update = route.put('/{packageId}', {
  summary: 'Change a package',
  use: [writes, vendorsOnly],
  params: idParams('packageId'),
  body: jsonBody(packageInputSchema),
  ok: json(packageSavedSchema, 'The package as saved'),
  errors: [400, 401, 403, 404, 413, 415, 429, 503],
});

const remove = route.delete('/{packageId}', {
  summary: 'Remove a package',
  use: [writes, vendorsOnly],
  params: idParams('packageId'),
  responses: { 204: { description: 'Removed' } },
  errors: [400, 401, 403, 404, 429, 503],
});

/** The signed-in vendor's packages: what they sell, from what price. Another vendor's are 404. */
export const packageRoutes = openApiRoutes()
  .openapi(list, async (c) => {
    const rows = await listOwnPackages({ db: c.var.services.db, actor: c.var.actor });
    return c.json({ packages: rows.map(presentPackage) }, 200);
  })
  .openapi(create, async (c) => {
    const input = c.req.valid('json');
    const row = await addPackage({ db: c.var.services.db, actor: c.var.actor, input });
    return c.json({ package: presentPackage(row) }, 201);
  })
  .openapi(reorder, async (c) => {
    const { ids } = c.req.valid('json');
    const rows = await reorderPackages({ db: c.var.services.db, actor: c.var.actor, ids });
    return c.json({ packages: rows.map(presentPackage) }, 200);
  })
  .openapi(update, async (c) => {
    const { packageId } = c.req.valid('param');
    const input = c.req.valid('json');
    const row = await updatePackage({ db: c.var.services.db, actor: c.var.actor, packageId, input });
    return c.json({ package: presentPackage(row) }, 200);
  })
  .openapi(remove, async (c) => {
    const { packageId } = c.req.valid('param');
    await deletePackage({ db: c.var.services.db, actor: c.var.actor, packageId });
    return c.body(null, 204);
  });
