import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_SORTS, vendorListQuerySchema } from '../../src/shared/schemas/vendors.ts';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client.ts';
import { pageQuery, type BrowseRow } from '../../src/server/modules/vendors/browse-query.ts';
import { listPublicVendors } from '../../src/server/modules/vendors/service.ts';
import { createTestDatabase } from '../support/db.ts';
import { createVendor } from '../support/factories.ts';

/**
 * Browse's statements are prepared once per shape of request (queryPrepared): on PostgreSQL each
 * connection parses and plans the text once, under a name, and every later request with the same
 * filters but other values only binds and executes it. The rows are those of the SQL run in place.
 */
let database: Database & { url?: string };
const now = new Date('2026-11-27T20:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 7; i++) {
    await createVendor(database.db, {
      location: i % 2 ? 'burnaby' : 'vancouver',
      rating: 3 + i / 4,
      reviewCount: i * 3,
      priceTier: (i % 4) + 1,
    });
  }
});
afterAll(() => database.close());

const query = (input: Record<string, string>) => vendorListQuerySchema.parse(input);

describe('Browse as prepared statements', () => {
  it('answers every value of a shape with the rows of its SQL run in place', async () => {
    for (const sort of VENDOR_SORTS) {
      for (const location of ['vancouver', 'burnaby', 'richmond'] as const) {
        const page = await listPublicVendors({
          db: database.db,
          query: query({ location, sort, limit: '2' }),
          now,
        });
        const { cursor: _, limit: __, ...filters } = query({ location, sort });
        const rows = await queryRows<BrowseRow>(
          database.db,
          pageQuery({ filters, today: '2026-11-27', limit: 48 }),
        );
        expect(page.items.map((i) => i.vendor.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
        if (!page.nextCursor) continue;
        const next = await listPublicVendors({
          db: database.db,
          query: query({ location, sort, limit: '2', cursor: page.nextCursor }),
          now,
        });
        expect(next.items.map((i) => i.vendor.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
      }
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'prepares each text once per connection, under a name, and reuses it for other values',
    async () => {
      // One connection, so the session that prepared the statements is the one asked about them.
      const single = await openDatabase({ url: database.url, poolSize: 1 });
      try {
        for (const location of ['vancouver', 'burnaby', 'vancouver']) {
          await listPublicVendors({ db: single.db, query: query({ location, limit: '1' }), now });
        }
        const statements = await queryRows<{ name: string; statement: string }>(
          single.db,
          sql`SELECT name, statement FROM pg_prepared_statements`,
        );
        const pages = statements.filter((s) => s.statement.startsWith('WITH page AS'));
        expect(pages).toHaveLength(1);
        expect(pages[0]!.name).toMatch(/^frosted_\d+$/);
        // The first page was full, so the total was counted, with a statement of its own.
        expect(statements.filter((s) => s.statement.startsWith('SELECT count(*)'))).toHaveLength(1);
      } finally {
        await single.close();
      }
    },
  );
});
