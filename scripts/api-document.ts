/**
 * Writes the API's OpenAPI document (what GET /api/openapi.json serves) to the file named by argv[2],
 * or to standard output, without a server or a database: the routes declare it, and no request reaches
 * a service. The document of a development configuration, which has every route (the sandbox card form
 * and the demo-data seeder included). `npm run lint:api` lints it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { createLogger } from '../src/server/logger.ts';
import { createServices } from '../src/server/services.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'frosted-api-document-'));
try {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
  // Building the app touches no table; a database that answers nothing proves it.
  const unused = () => {
    throw new Error('the API document must not need the database');
  };
  const database = { db: new Proxy({}, { get: unused }), kind: 'pglite' } as unknown as Database;
  const services = createServices(config, database, createLogger('silent'));
  const res = await createApp(services).request('/api/openapi.json');
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  const text = `${JSON.stringify(await res.json(), null, 2)}\n`;
  const out = process.argv[2];
  if (out) {
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, text);
  } else process.stdout.write(text);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
