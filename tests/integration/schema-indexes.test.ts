import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../src/server/db/client.ts';
import { createTestDatabase } from '../support/db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('schema', () => {
  it('every foreign key has an index that starts with its columns (deletes and joins never scan)', async () => {
    const missing = await queryRows<{ constraint: string }>(
      database.db,
      sql`
      select c.conrelid::regclass || ' (' || c.conname || ')' as "constraint"
      from pg_constraint c
      where c.contype = 'f'
        and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
        )
      order by 1`,
    );
    expect(missing.map((m) => m.constraint)).toEqual([]);
  });
});
