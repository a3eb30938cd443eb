import { createTestDatabase } from './db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether a worker runs one browser test file after another with the same modules (tests/global-setup-browser.ts). */
    e2eWorkersKeepModules: boolean | undefined;
  }
}

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** The database the next test server in this worker takes, copied while the tests before it ran. */
let spare: Promise<TestDatabase> | undefined;

/**
 * A fresh database for a test server (a copy of the run's migrated template, tests/support/db.ts).
 * Where a worker runs file after file with the same modules (the browser tests), the next in-memory
 * PGlite copy is made while this file's tests run: seconds of work that browser tests, which mostly
 * wait for pages, leave room for. Every server still has a database of its own. Not on PostgreSQL:
 * a copy there is quick, and one that no file took would outlive the run.
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const next = spare ?? createTestDatabase();
  spare = undefined;
  const database = await next;
  if (await workersKeepModules()) {
    spare = createTestDatabase();
    // A copy that fails fails the file that takes it; one no file takes is never waited for.
    spare.catch(() => {});
  }
  return database;
}

async function workersKeepModules(): Promise<boolean> {
  if (!process.env.VITEST || process.env.DATABASE_URL) return false;
  const { inject } = await import('vitest');
  return inject('e2eWorkersKeepModules') === true;
}
