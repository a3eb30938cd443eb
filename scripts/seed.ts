/** npm run seed [-- --clear]: loads (or removes) the demo data in the configured database. */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { clearDemoData, countDemoRows, seedAll } from '../src/server/modules/seed/index.ts';
import { createObjectStore } from '../src/server/modules/storage/store.ts';

const clear = process.argv.includes('--clear');
const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  migrationUrl: config.databaseMigrationUrl,
  dataDir: config.pgliteDir,
});
try {
  await database.migrate();
  if (clear) await clearDemoData({ db: database.db });
  // In production the demo rows come without accounts anyone could sign in to with the README's password.
  else await seedAll({ db: database.db, demoAccounts: config.demoTools, store: createObjectStore(config) });
  const counts = await countDemoRows({ db: database.db });
  console.log(clear ? 'Demo data cleared successfully!' : 'Demo data seeded successfully!');
  console.table(counts);
} finally {
  await database.close();
}
