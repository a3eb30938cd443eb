import { Hono } from 'hono';
import { requireActor, requireUserType } from '../../http/auth-guard.ts';
import type { AppEnv } from '../../http/types.ts';
import { presentCustomerDashboard, presentVendorDashboard } from './presenter.ts';
import { getCustomerDashboard, getVendorDashboard } from './service.ts';

/** The signed-in user's own dashboards: the actor comes from the session, never from the request. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/customer', async (c) => {
    const actor = await requireActor(c);
    return c.json(presentCustomerDashboard(await getCustomerDashboard({ db: c.var.services.db, actor })));
  })
  .get('/vendor', async (c) => {
    const actor = await requireUserType(c, 'vendor');
    return c.json(presentVendorDashboard(await getVendorDashboard({ db: c.var.services.db, actor })));
  });
