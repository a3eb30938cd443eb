import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';

/** Counts the WebAssembly memories made in this thread until `stop()`. */
function countWebAssemblyMemories() {
  const Memory = WebAssembly.Memory;
  const counter = { made: 0, stop: () => void (WebAssembly.Memory = Memory) };
  WebAssembly.Memory = class extends Memory {
    constructor(descriptor: WebAssembly.MemoryDescriptor) {
      super(descriptor);
      counter.made++;
    }
  };
  return counter;
}

const settings = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
  (
    await queryRows<{ shared_buffers: string; maintenance_work_mem: string }>(
      database.db,
      sql`SELECT current_setting('shared_buffers') AS shared_buffers,
                 current_setting('maintenance_work_mem') AS maintenance_work_mem`,
    )
  )[0];

describe('the embedded database', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'frosted-pglite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs with buffers sized for an app database, not a server of its own', async () => {
    const database = await openDatabase({});
    try {
      expect(await settings(database)).toEqual({ shared_buffers: '16MB', maintenance_work_mem: '16MB' });
    } finally {
      await database.close();
    }
  });

  it('makes a new data directory in another thread, so what initdb leaves is not kept in this one', async () => {
    const dataDir = path.join(dir, 'db');
    // initdb in this thread makes two more WebAssembly instances, whose memory (and copies of it,
    // ~400 MB) stays until V8's next full collection.
    const memories = countWebAssemblyMemories();
    const database = await openDatabase({ dataDir }).finally(memories.stop);
    try {
      expect(memories.made).toBe(1);
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await settings(database)).toEqual({ shared_buffers: '16MB', maintenance_work_mem: '16MB' });
      await database.db.execute(sql`CREATE TABLE kept (note text)`);
      await database.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
    } finally {
      await database.close();
    }

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await queryRows(reopened.db, sql`SELECT note FROM kept`)).toEqual([{ note: 'still here' }]);
    } finally {
      await reopened.close();
    }
  });
});
