/**
 * One more server process's job runner, for tests: opens the PostgreSQL database at argv[2], says
 * "ready", waits for "go" on stdin (so several processes start together), then runs every job due at
 * argv[3] with the server's real handlers until none is left, and prints what it ran as JSON.
 */
import { once } from 'node:events';
import { openDatabase } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { jobHandlers, wireLifecycle } from '../../src/server/lifecycle/index.ts';
import { runDueJobs } from '../../src/server/modules/jobs/jobs.ts';

const [url, at] = process.argv.slice(2);
if (!url || !at) throw new Error('usage: job-process.ts <postgres url> <ISO time>');
const now = new Date(at);
wireLifecycle();
const log = createLogger('silent');
const database = await openDatabase({ url, poolSize: 2 });
try {
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
  const total = { ran: 0, failed: 0 };
  for (;;) {
    const { ran, failed } = await runDueJobs({ db: database.db, now, handlers: jobHandlers, log, limit: 5 });
    total.ran += ran;
    total.failed += failed;
    if (ran + failed === 0) break;
  }
  process.stdout.write(`${JSON.stringify(total)}\n`);
} finally {
  await database.close();
}
