import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActorEnv, signedIn } from '../../src/server/http/auth-guard.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { createUser, createVendor, signIn } from '../support/factories.ts';

/*
 * The actor the auth guard puts on a request (issue 23): who is asking, and the vendor business
 * they run, found once per request so that no service looks it up again.
 */
let t: TestApp;
let probe: Hono<ActorEnv>;
beforeAll(async () => {
  t = await createTestApp();
  probe = new Hono<ActorEnv>()
    .use(async (c, next) => {
      c.set('services', t.services);
      await next();
    })
    .get('/who', signedIn, (c) => c.json(c.var.actor));
});
afterAll(() => t.close());

const who = async (cookie: string) =>
  (await probe.request('/who', { headers: { Cookie: cookie } })).json() as Promise<Record<string, unknown>>;

describe('the actor of a request', () => {
  it('carries the vendor business of a vendor account, and null for a customer or a vendor without one', async () => {
    const owner = await createUser(t.database.db, { userType: 'vendor' });
    const vendor = await createVendor(t.database.db, { userId: owner.id });
    expect(await who(await signIn(t.app, owner.email))).toMatchObject({
      id: owner.id,
      userType: 'vendor',
      vendorId: vendor.id,
    });

    const customer = await createUser(t.database.db);
    expect(await who(await signIn(t.app, customer.email))).toMatchObject({
      id: customer.id,
      userType: 'customer',
      vendorId: null,
    });

    const applicant = await createUser(t.database.db, { userType: 'vendor' });
    expect(await who(await signIn(t.app, applicant.email))).toMatchObject({
      userType: 'vendor',
      vendorId: null,
    });
  });
});
