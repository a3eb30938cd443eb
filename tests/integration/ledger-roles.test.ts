import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config.ts';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client.ts';
import { ledgerTransactions, orders, vendors } from '../../src/server/db/schema/index.ts';
import {
  paidCentsByOrder,
  post,
  recordPayment,
  releaseSplit,
  settleOrder,
  vendorBalances,
} from '../../src/server/modules/ledger/index.ts';
import {
  DEMO_VENDORS,
  clearDemoData,
  countDemoRows,
  demoOrders,
  seedAll,
} from '../../src/server/modules/seed/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import { runStartupTasks } from '../../src/server/startup.ts';
import { testConfig } from '../support/app.ts';
import { appRoleUrl, asOwner, createTestDatabase } from '../support/db.ts';
import { createOrder, createUser, createVendor } from '../support/factories.ts';

/**
 * Decision 013: the ledger's append-only rule holds whoever connects. PGlite is one superuser, so what
 * holds there is the database's own triggers; on PostgreSQL the app connects as frosted_app, which may
 * only read and append to the ledger (tests/support/db.ts), and the tables' owner runs the migrations.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let database: Database & { ownerUrl?: string };
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The database's own message (drizzle wraps it in "Failed query: …"). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return e.cause?.message ?? e.message;
  }
  throw new Error('expected the database to refuse this');
}

const FEE = { serviceFeeBps: 800, gstBps: 500, pstBps: 0 };

/** A real customer's order with `vendorId`, paid (`amount` held in the ledger). */
async function paidOrder(vendorId: string, amount: number, fields: { id?: string } = {}) {
  const customer = await createUser(db());
  const order = await createOrder(db(), {
    customerId: customer.id,
    vendorId,
    amount,
    status: 'paid',
    ...fields,
  });
  await recordPayment(db(), { orderId: order.id, vendorId, amountCents: amount, key: `payment:${order.id}` });
  return order;
}

const postingsOf = (orderIds: string[]) =>
  db().select().from(ledgerTransactions).where(inArray(ledgerTransactions.orderId, orderIds));

describe('the ledger cannot be emptied', () => {
  it('refuses TRUNCATE of its tables, CASCADE included, and every posting stays', async () => {
    const vendor = await createVendor(db());
    const order = await paidOrder(vendor.id, 4_200);
    // PGlite: the BEFORE TRUNCATE trigger (the app is a superuser there). PostgreSQL: the app's role has
    // no TRUNCATE privilege; the owner test below shows the trigger holds there too.
    const refused = onPostgres ? /permission denied for table ledger_/ : /append-only \(TRUNCATE on ledger_/;
    expect(await refusal(db().execute(sql`TRUNCATE ledger_entries`))).toMatch(refused);
    expect(await refusal(db().execute(sql`TRUNCATE ledger_entries CASCADE`))).toMatch(refused);
    expect(await refusal(db().execute(sql`TRUNCATE ledger_transactions CASCADE`))).toMatch(refused);
    expect(await refusal(db().execute(sql`TRUNCATE ledger_accounts CASCADE`))).toMatch(refused);
    expect((await paidCentsByOrder(db(), [order.id])).get(order.id)).toBe(4_200);
  });

  it.skipIf(!onPostgres)(
    "refuses TRUNCATE to the tables' owner too: a trigger, not only a privilege",
    async () => {
      const vendor = await createVendor(db());
      const order = await paidOrder(vendor.id, 3_100);
      for (const statement of [
        sql`TRUNCATE ledger_entries`,
        sql`TRUNCATE ledger_transactions CASCADE`,
        sql`TRUNCATE ledger_accounts CASCADE`,
      ])
        expect(await refusal(asOwner(database, (owner) => owner.execute(statement)))).toMatch(
          /append-only \(TRUNCATE on ledger_/,
        );
      expect((await paidCentsByOrder(db(), [order.id])).get(order.id)).toBe(3_100);
    },
  );
});

describe.skipIf(!onPostgres)("the app's role on PostgreSQL", () => {
  it("is frosted_app: not a superuser, not the tables' owner", async () => {
    const [role] = await queryRows<{ name: string; superuser: boolean; owner: boolean }>(
      db(),
      sql`SELECT current_user AS name, r.rolsuper AS superuser,
        pg_has_role(current_user, c.relowner, 'MEMBER') AS owner
        FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'ledger_entries'::regclass`,
    );
    expect(role).toEqual({ name: 'frosted_app', superuser: false, owner: false });
  });

  it('may not turn the triggers off: session_replication_role = replica is refused', async () => {
    const vendor = await createVendor(db());
    const order = await paidOrder(vendor.id, 2_500);
    const rewrite = db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE ledger_entries SET amount = amount * 2
        WHERE transaction_id IN (SELECT id FROM ledger_transactions WHERE order_id = ${order.id})`);
    });
    expect(await refusal(rewrite)).toMatch(/permission denied to set parameter "session_replication_role"/);
    expect(
      await refusal(db().execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only`)),
    ).toMatch(/must be owner of table ledger_entries/);
    expect((await paidCentsByOrder(db(), [order.id])).get(order.id)).toBe(2_500);
  });

  it('may not update or delete a posting, not even with the demo-clear flag on', async () => {
    const vendor = await createVendor(db());
    const order = await paidOrder(vendor.id, 1_900);
    const ofOrder = sql`(SELECT id FROM ledger_transactions WHERE order_id = ${order.id})`;
    for (const statement of [
      sql`UPDATE ledger_entries SET amount = -amount WHERE transaction_id IN ${ofOrder}`,
      sql`DELETE FROM ledger_entries WHERE transaction_id IN ${ofOrder}`,
      sql`UPDATE ledger_transactions SET is_demo = true WHERE order_id = ${order.id}`,
      sql`DELETE FROM ledger_accounts WHERE order_id = ${order.id}`,
    ]) {
      const attempt = db().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL frosted.clear_demo = 'on'`);
        await tx.execute(statement);
      });
      expect(await refusal(attempt)).toMatch(/permission denied for table ledger_/);
    }
    expect(await refusal(db().execute(sql`SELECT frosted_grant_app_role('frosted_app')`))).toMatch(
      /permission denied for function frosted_grant_app_role/,
    );
    expect((await paidCentsByOrder(db(), [order.id])).get(order.id)).toBe(1_900);
  });
});

describe.skipIf(!onPostgres)('migrations as the owner, the app as its role', () => {
  /** An empty database on the test server, as its owner, dropped after `use`. */
  async function emptyDatabase(use: (ownerUrl: string) => Promise<void>) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `frosted_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      await use(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }

  it('migrates a new database as DATABASE_MIGRATION_URL; the app then connects as frosted_app', async () => {
    await emptyDatabase(async (ownerUrl) => {
      const app = await openDatabase({ url: appRoleUrl(ownerUrl), migrationUrl: ownerUrl, poolSize: 1 });
      try {
        await app.migrate();
        const [row] = await queryRows<{ name: string; owner: string }>(
          app.db,
          sql`SELECT current_user AS name, tableowner AS owner
            FROM pg_tables WHERE schemaname = 'public' AND tablename = 'ledger_entries'`,
        );
        expect(row).toEqual({ name: 'frosted_app', owner: new URL(ownerUrl).username });
        // What the app does: read and write, append to the ledger.
        const vendor = await createVendor(app.db);
        expect(vendor.isDemo).toBe(false);
        // Nothing left to do: the app's role may tell, without the owner.
        await openDatabase({ url: appRoleUrl(ownerUrl), poolSize: 1 }).then(async (again) => {
          await again.migrate();
          await again.close();
        });
      } finally {
        await app.close();
      }
    });
  });

  it('says which variable is missing when only the app role is given and migrations are pending', async () => {
    await emptyDatabase(async (ownerUrl) => {
      const app = await openDatabase({ url: appRoleUrl(ownerUrl), poolSize: 1 });
      try {
        await expect(app.migrate()).rejects.toThrow(/set DATABASE_MIGRATION_URL to the tables' owner/);
      } finally {
        await app.close();
      }
    });
  });

  it("refuses to start when DATABASE_MIGRATION_URL is set and DATABASE_URL is a superuser or the tables' owner", async () => {
    const owner = await openDatabase({ url: database.ownerUrl, poolSize: 1 });
    try {
      const config = testConfig({ databaseMigrationUrl: database.ownerUrl });
      const started = runStartupTasks({ config, database: owner, log: createLogger('silent') });
      await expect(started).rejects.toThrow(ConfigError);
      await expect(started).rejects.toThrow(
        /DATABASE_URL: connects as "\w+", (a superuser|the tables' owner)/,
      );
    } finally {
      await owner.close();
    }
    // As frosted_app it starts.
    const config = testConfig({ databaseMigrationUrl: database.ownerUrl });
    await runStartupTasks({ config, database, log: createLogger('silent') });
  });
});

describe('demo rows are told by a column', () => {
  it('decides in the database which postings are demo money, whatever the insert says', async () => {
    const vendor = await createVendor(db());
    const order = await paidOrder(vendor.id, 1_000);
    await db()
      .insert(ledgerTransactions)
      .values({
        id: `forged-${order.id}`,
        kind: 'release',
        idempotencyKey: `forged:${order.id}`,
        orderId: order.id,
        isDemo: true,
      });
    expect((await postingsOf([order.id])).map((t) => t.isDemo)).toEqual([false, false]);
  });

  it('never takes a real vendor or order for demo data because of its id', async () => {
    await seedAll({ db: db() });
    const vendor = await createVendor(db(), { id: `vendor-lookalike-${crypto.randomUUID()}` });
    const order = await paidOrder(vendor.id, 5_500, { id: `order-lookalike-${crypto.randomUUID()}` });
    // Released to the vendor: what it is owed is real money too.
    await post(db(), {
      kind: 'release',
      key: `release:${order.id}`,
      orderId: order.id,
      vendorId: vendor.id,
      lines: [
        { account: { kind: 'order_held', orderId: order.id }, amount: 5_500 },
        { account: { kind: 'vendor_payable', vendorId: vendor.id }, amount: -5_500 },
      ],
    });

    await clearDemoData({ db: db() });

    expect(await db().select().from(vendors).where(eq(vendors.id, vendor.id))).toHaveLength(1);
    expect(await db().select().from(orders).where(eq(orders.id, order.id))).toHaveLength(1);
    expect((await paidCentsByOrder(db(), [order.id])).get(order.id)).toBe(5_500);
    expect((await vendorBalances(db(), vendor.id)).availableCents).toBe(5_500);
    expect((await countDemoRows({ db: db() })).orders).toBe(0);
  });

  it('keeps a real order placed with a demo vendor, and its postings, while clearing the demo rows', async () => {
    await seedAll({ db: db() });
    const demoOrderIds = demoOrders(new Date()).map((o) => o.id);
    expect(await postingsOf(demoOrderIds)).not.toHaveLength(0);
    const demoVendor = DEMO_VENDORS[0]!.id;
    const real = await paidOrder(demoVendor, 7_000);
    const split = releaseSplit(7_000, FEE);
    await settleOrder(db(), {
      kind: 'release',
      orderId: real.id,
      vendorId: demoVendor,
      heldCents: 7_000,
      split,
      key: `release:${real.id}`,
    });

    await clearDemoData({ db: db() });

    // The real order, its payment and release, and the vendor's money from it: all still there.
    expect(await db().select().from(orders).where(eq(orders.id, real.id))).toHaveLength(1);
    expect((await postingsOf([real.id])).map((t) => t.kind).sort()).toEqual(['payment', 'release']);
    expect((await paidCentsByOrder(db(), [real.id])).get(real.id)).toBe(7_000);
    expect((await vendorBalances(db(), demoVendor)).availableCents).toBe(split.vendorCents);
    // The demo rows and the demo money are gone; only the vendor (and its owner) the real order needs stay.
    expect(await postingsOf(demoOrderIds)).toHaveLength(0);
    expect(await db().select().from(orders).where(inArray(orders.id, demoOrderIds))).toHaveLength(0);
    expect(await countDemoRows({ db: db() })).toEqual({
      vendors: 1,
      cake_designs: 0,
      orders: 0,
      favorites: 0,
      reviews: 0,
      accounts: 1,
    });
    const demoVendorIds = DEMO_VENDORS.map((v) => v.id);
    expect(
      await db().select({ id: vendors.id }).from(vendors).where(inArray(vendors.id, demoVendorIds)),
    ).toEqual([{ id: demoVendor }]);
  });
});
