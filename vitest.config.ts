import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ['src/server/**/*.int.test.ts'],
          environment: 'node',
          // The renderer draws real pictures (100–300 ms each on a quiet machine, far more on a busy one).
          testTimeout: 30_000,
          // Both cores: Vitest's default leaves one of two idle. Unit and integration files run in one
          // group, which must agree on the worker count (TEST_WORKERS to override both).
          maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each file copies it (tests/support/db.ts).
          globalSetup: ['tests/global-setup.ts'],
          maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
          // Each worker loads the server's modules once for all its files instead of once per file (a
          // third of the run). Every file still makes its own app, database and upload directory
          // (tests/support/app.ts); INTEGRATION_ISOLATE=1 runs each file in a fresh process again.
          isolate: process.env.INTEGRATION_ISOLATE === '1',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: [
            'tests/global-setup.ts',
            'tests/global-setup-web.ts',
            'tests/global-setup-browser.ts',
          ],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The only place browser tests wait for a condition to come true (Playwright's own waits are
          // set in tests/support/browser.ts): long enough for a loaded 2-core machine, a page's first
          // load included. A condition that holds returns at once, so passing tests stay fast.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // A failed check says what the page showed instead (tests/support/browser.ts, shownNames): a
          // list of a page's headings or buttons is printed whole, not cut after its first item.
          chaiConfig: { truncateThreshold: 2_000 },
          // One Chromium for the run (tests/global-setup-browser.ts). Each worker loads the server's
          // modules once and keeps its port and PGlite database for all its files: every file still
          // starts its own app (services, clock, configuration) on the database emptied back to the
          // migrated template (tests/support/server.ts, e2e-database.ts), with new browser contexts.
          // Two files at a time: Chromium's pages take most of the 2 cores' time.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          isolate: false,
          // Its own group: a worker count of its own, after the unit and integration files.
          sequence: { groupOrder: 1 },
          // The built page renderer (dist/web/.ssr, 1.5 MB) is loaded by Node as in production: through
          // Vitest's transform it took 15-20 s, so the first server-rendered page of a file timed out.
          server: { deps: { external: [/\/\.ssr\//] } },
        },
      },
    ],
  },
});
