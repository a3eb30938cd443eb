/**
 * Vitest for mutation testing (stryker.config.json): the `unit` project of vitest.config.ts alone,
 * taken from there so the two never drift. The integration and e2e projects need a database and a
 * browser, and Stryker would run them for every mutant.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

const unit = base.test?.projects?.find(
  (p): p is { test: { name: string } } =>
    typeof p === 'object' && 'test' in p && (p.test as { name?: string } | undefined)?.name === 'unit',
);
if (!unit) throw new Error('vitest.config.ts has no `unit` project');

export default defineConfig({ test: unit.test });
