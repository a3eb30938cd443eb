import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * The module rules `npm run lint` checks (.dependency-cruiser.cjs), run on small trees built here: a
 * clean tree passes, and a deep import or a cycle between two modules fails, by the rule's name.
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Writes the files (path → source) under a new src/server/modules tree and cruises it with our rules. */
async function violations(files: Record<string, string>) {
  dir = await mkdtemp(path.join(tmpdir(), 'frosted-modules-'));
  for (const [file, source] of Object.entries(files)) {
    const at = path.join(dir, 'src/server/modules', file);
    await mkdir(path.dirname(at), { recursive: true });
    await writeFile(at, source);
  }
  const { tsConfig: _tsConfig, ...options } = config.options ?? {};
  const result = await cruise(['src'], {
    ...options,
    baseDir: dir,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  if (typeof result.output === 'string') throw new Error('expected a cruise result, got text');
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const ledger = {
  'ledger/index.ts': "export { post } from './post.ts';\n",
  'ledger/post.ts': 'export const post = () => 1;\n',
};

describe('module rules (npm run lint)', () => {
  it('let modules use each other through index.ts, one way', async () => {
    expect(
      await violations({
        ...ledger,
        'orders/index.ts': "export { order } from './order.ts';\n",
        'orders/order.ts': "import { post } from '../ledger/index.ts';\nexport const order = () => post();\n",
      }),
    ).toEqual([]);
  });

  it("fail on an import of another module's internal file", async () => {
    expect(
      await violations({
        ...ledger,
        'orders/index.ts': "export { order } from './order.ts';\n",
        'orders/order.ts': "import { post } from '../ledger/post.ts';\nexport const order = () => post();\n",
      }),
    ).toEqual([
      'module-public-face: src/server/modules/orders/order.ts -> src/server/modules/ledger/post.ts',
    ]);
  });

  it('fail on a cycle between two modules, even through their index files', async () => {
    const found = await violations({
      'orders/index.ts': "export { order } from './order.ts';\n",
      'orders/order.ts': "import { pay } from '../payments/index.ts';\nexport const order = () => pay();\n",
      'orders/detail.ts': 'export const detail = () => 2;\n',
      'payments/index.ts': "export { pay } from './pay.ts';\n",
      'payments/pay.ts': 'export const pay = () => 1;\n',
      // The arrow back: payments' routes read an order's detail (through orders' index, still a cycle).
      'payments/routes.ts':
        "import type { order } from '../orders/index.ts';\nexport type R = typeof order;\n",
    });
    expect(found.some((v) => v.startsWith('no-module-cycle:'))).toBe(true);
  });
});
