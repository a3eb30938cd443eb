import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's memory settings for embedded PGlite, which otherwise runs with the defaults of a
 * server of its own. Its buffers live in the process's WebAssembly memory, which only ever grows:
 * shared_buffers' default (128 MB) took it to 189 MB, 150 MB of it resident, for an app database of
 * a few MB. A page not in the buffers is read from the operating system's file cache (decision 021).
 */
const SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/** PGlite's own start parameters with ours after them (a later `-c` wins). */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...SETTINGS.flatMap((s) => ['-c', s])];

// CommonJS, as a worker's eval'd code is; PGlite ships a CommonJS build next to its ES module.
const CREATE_DATA_DIR = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
PGlite.create({ dataDir: workerData.dataDir, startParams: workerData.startParams }).then((pg) => pg.close());
`;

/**
 * Makes a new PGlite data directory (initdb) in a worker thread when `dataDir` holds none yet. Run in
 * the server's own thread, initdb leaves about 400 MB behind (a second WebAssembly instance's memory
 * and copies of it) that V8 frees only at its next full collection, which can be many seconds away;
 * a thread's memory goes when it ends.
 */
export async function ensurePgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(CREATE_DATA_DIR, {
    eval: true,
    workerData: {
      pglite: createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      dataDir,
      startParams: PGLITE_START_PARAMS,
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`creating the embedded database in ${dataDir} failed (exit code ${code})`));
    });
  });
}
