import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { VENDOR_SORTS, type VendorFilters } from '../../../shared/schemas/vendors.ts';
import {
  countQuery,
  countStatement,
  pageQuery,
  pageStatement,
  type BrowseOptions,
  type Cursor,
} from './browse-query.ts';

const dialect = new PgDialect();

/** Requests of every shape Browse knows, drawn with a fixed seed so a failure repeats. */
function* requests(count: number) {
  let seed = 24;
  const pick = <T>(xs: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return xs[Math.floor((seed / 2147483648) * xs.length)]!;
  };
  for (let i = 0; i < count; i++) {
    const sort = pick(VENDOR_SORTS);
    const filters: VendorFilters = {
      // One word, two, a stop word alone, five words and a long query (web search), a typo.
      q: pick([
        undefined,
        'maple',
        'wedding cakes',
        'the',
        'a b c d e',
        'chocolate cakes for a big party',
        'swee',
      ]),
      location: pick(['all', 'vancouver', 'burnaby'] as const),
      category: pick(['all', 'flowers'] as const),
      specialty: pick(['all', 'wedding'] as const),
      sort,
      dietary: pick([[], ['vegan'], ['vegan', 'halal']] as const).slice(),
      tier: pick([[], [1], [2, 3]]),
      minRating: pick([undefined, 4, 4.5]),
      delivery: pick([undefined, true, false]),
      // A past day matches nothing (its own text); a future one is a condition.
      availableOn: pick([undefined, '2026-11-01', '2026-12-24']),
    };
    const cursor: Cursor | undefined = pick([
      undefined,
      { sort, k1: pick([4.5, 3, 0]), k2: pick([12, 4.25, 0]), id: `v-${i}` },
    ]);
    const options: BrowseOptions = { filters, today: '2026-11-27', verifiedOnly: pick([false, true]) };
    yield { ...options, cursor, limit: pick([13, 4]) };
  }
}

describe('Browse statements', () => {
  it('send the same text and parameters as the SQL with its values in place, one text per shape', () => {
    const textOf = new Map<string, string>();
    const same = (key: string, text: string) => {
      expect(textOf.get(key) ?? text, key).toBe(text);
      textOf.set(key, text);
    };
    for (const options of requests(3000)) {
      const inPlace = dialect.sqlToQuery(pageQuery(options));
      const statement = pageStatement(options);
      const prepared = dialect.sqlToQuery(statement.build());
      expect(prepared.sql).toBe(inPlace.sql);
      expect(fillPlaceholders(prepared.params, statement.values)).toEqual(inPlace.params);
      same(statement.key, prepared.sql);

      const count = countStatement(options);
      const countPrepared = dialect.sqlToQuery(count.build());
      const countInPlace = dialect.sqlToQuery(countQuery(options));
      expect(countPrepared.sql).toBe(countInPlace.sql);
      expect(fillPlaceholders(countPrepared.params, count.values)).toEqual(countInPlace.params);
      same(count.key, countPrepared.sql);
    }
    // Many shapes were drawn, so the keys did tell them apart.
    expect(textOf.size).toBeGreaterThan(500);
  });
});
