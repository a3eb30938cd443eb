import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/server/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Waits sized for a loaded 2-core machine (the default 1 s poll gave up while a first page loaded).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One browser and one server per file; files run one at a time to stay within 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
