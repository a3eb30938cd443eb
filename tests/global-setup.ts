import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate, type DatabaseTemplate } from './support/db.ts';

interface SharedTemplate {
  ready: Promise<{ template: DatabaseTemplate; dispose(): Promise<void> }>;
  users: number;
}
// Each project may load this file in its own module runner; the process is one, so keep it there.
const KEY = Symbol.for('frosted.test-database-template');
const state = globalThis as { [KEY]?: SharedTemplate };

/**
 * Migrates one database per run for the integration and browser projects; each test file copies it
 * (tests/support/db.ts). Projects share the template: the first setup builds it, the last teardown
 * removes it.
 */
export default async function setup(project: TestProject) {
  const shared = (state[KEY] ??= { ready: createDatabaseTemplate(), users: 0 });
  shared.users++;
  const { template, dispose } = await shared.ready;
  project.provide('databaseTemplate', template);
  return async () => {
    if (--shared.users > 0) return;
    delete state[KEY];
    await dispose();
  };
}
