import { mkdirSync, mkdtempSync, existsSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { accounts, users, vendors } from '../../src/server/db/schema/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/modules/seed/index.ts';
import { createServices } from '../../src/server/services.ts';
import { runStartupTasks } from '../../src/server/startup.ts';
import { testConfig } from '../support/app.ts';
import { createTestDatabase } from '../support/db.ts';
import { createUser, signIn } from '../support/factories.ts';

const log = createLogger('silent');
const production = { env: 'production' as const, seedOnFirstRun: false, demoTools: false };
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const freshDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'frosted-startup-'));
const userByEmail = async (email: string) =>
  (await database!.db.select().from(users).where(eq(users.email, email)))[0];

describe('demo data and production', () => {
  it('a fresh production database gets no demo data and no demo accounts', async () => {
    database = await createTestDatabase();
    await runStartupTasks({ config: testConfig({ ...production, dataDir: freshDataDir() }), database, log });
    expect(await userByEmail(DEMO_ACCOUNTS.admin.email)).toBeUndefined();
    expect(await database.db.select().from(vendors)).toHaveLength(0);
  });

  it('demo data asked for in production comes without any account one can sign in to', async () => {
    database = await createTestDatabase();
    const config = testConfig({ ...production, seedOnFirstRun: true, dataDir: freshDataDir() });
    await runStartupTasks({ config, database, log });
    expect((await database.db.select().from(vendors)).length).toBeGreaterThan(0);
    expect(await userByEmail(DEMO_ACCOUNTS.admin.email)).toBeUndefined();
    const customer = await userByEmail(DEMO_ACCOUNTS.customer.email);
    expect(customer).toBeDefined();
    expect(await database.db.select().from(accounts).where(eq(accounts.userId, customer!.id))).toEqual([]);
    const app = createApp(createServices(config, database, log));
    await expect(signIn(app, DEMO_ACCOUNTS.customer.email, DEMO_PASSWORD)).rejects.toThrow(/401/);
  });

  it('in development a first run seeds the demo accounts', async () => {
    database = await createTestDatabase();
    const config = testConfig({ seedOnFirstRun: true, dataDir: freshDataDir() });
    await runStartupTasks({ config, database, log });
    const app = createApp(createServices(config, database, log));
    expect(await signIn(app, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD)).toContain('session');
  });

  it('production has no seeder API, even for an administrator', async () => {
    database = await createTestDatabase();
    const admin = await createUser(database.db, { role: 'admin' });
    for (const [overrides, status] of [
      [{}, 200],
      [production, 404],
    ] as const) {
      const app = createApp(createServices(testConfig(overrides), database, log));
      const cookie = await signIn(app, admin.email);
      const res = await app.request('/api/admin/seed', { headers: { Cookie: cookie } });
      expect(res.status, JSON.stringify(overrides)).toBe(status);
    }
  });
});

describe('start-up housekeeping', () => {
  it('removes upload temp files a crash left behind, never a stored file or a write in progress', async () => {
    database = await createTestDatabase();
    const dataDir = freshDataDir();
    const dir = path.join(dataDir, 'uploads', 'portfolio', 'v1');
    mkdirSync(dir, { recursive: true });
    const stored = path.join(dir, 'photo.webp');
    const orphan = path.join(dir, `photo2.webp.${randomUUID()}.tmp`);
    const inProgress = path.join(dir, `photo3.webp.${randomUUID()}.tmp`);
    for (const file of [stored, orphan, inProgress]) writeFileSync(file, 'x');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(orphan, hourAgo, hourAgo);
    utimesSync(stored, hourAgo, hourAgo);
    await runStartupTasks({ config: testConfig({ dataDir }), database, log });
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(stored)).toBe(true);
    expect(existsSync(inProgress)).toBe(true);
  });
});
