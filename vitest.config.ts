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
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; each file copies it (tests/support/db.ts).
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/global-setup.ts', 'tests/global-setup-web.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The only place browser tests wait for a condition to come true (Playwright's own waits are
          // set in tests/support/browser.ts): long enough for a loaded 2-core machine, a page's first
          // load included. A condition that holds returns at once, so passing tests stay fast.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One browser and one server per file; files run one at a time to stay within 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
