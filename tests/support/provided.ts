import type { DatabaseTemplate } from './db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated database to copy (tests/global-setup.ts). */
    databaseTemplate: DatabaseTemplate | undefined;
    /** The run's copy of the built web app (tests/global-setup-web.ts). */
    webDist: string | undefined;
  }
}

/**
 * A value Vitest's global setup provided for this run, or undefined outside Vitest (the scripts
 * that reuse the test support) and in projects without that setup.
 */
export async function provided<K extends 'databaseTemplate' | 'webDist'>(key: K) {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(key);
}
