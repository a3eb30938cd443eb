/** npm run admin:create -- --email you@example.com --password '…': creates or promotes an administrator. */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { ensureAdmin } from '../src/server/modules/admin/bootstrap.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const email = values.email ?? process.env.ADMIN_EMAIL;
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error("Usage: npm run admin:create -- --email you@example.com --password 'at least 12 characters'");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  migrationUrl: config.databaseMigrationUrl,
  dataDir: config.pgliteDir,
});
try {
  await database.migrate();
  const { created } = await ensureAdmin({ db: database.db, email, password });
  console.log(
    created ? `Administrator ${email} created.` : `${email} is now an administrator (password updated).`,
  );
} catch (err) {
  console.error(err instanceof z.ZodError ? z.prettifyError(err) : err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
