import { describe, expectTypeOf, it } from 'vitest';
import type { Db, Tx } from './client.ts';

describe('database executor types', () => {
  it('a transaction is accepted wherever a service takes a Db, without a cast', () => {
    expectTypeOf<Tx>().toExtend<Db>();
  });
});
