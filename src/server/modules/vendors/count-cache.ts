import type { Db } from '../../db/client.ts';

/**
 * "{N} vendors found" per filter set, remembered with the vendor_browse_version it was counted at.
 * A vendor added or removed, or a change of a column Browse filters or searches on, bumps that
 * version (migrations 0003 and 0018; an order completed or a quote answered does not), so a count is
 * reused only while it is still exact; every server process keeps its own cache and they all agree
 * through the database. Counting is the one part of a browse request that grows with the number of
 * matching vendors, so concurrent requests that need the same count share one (single flight).
 */
export interface CountEntry {
  n: number;
  /** vendor_browse_version when counted. */
  version: bigint;
}

/** What the cache did, for tests and the benchmark: one computation is one count query run. */
export interface CountStats {
  hits: number;
  misses: number;
  computations: number;
  failures: number;
}

const MAX_ENTRIES = 500;

export class CountCache {
  /** Off: every call counts (the benchmark's "count every time" mode). */
  enabled = true;
  readonly stats: CountStats = { hits: 0, misses: 0, computations: 0, failures: 0 };
  readonly #entries = new Map<string, CountEntry>();
  readonly #flights = new Map<string, Promise<CountEntry>>();

  /**
   * The count of `key` at vendors `version` (the version the caller's page was read at) or later:
   * the remembered count while no vendor has changed since, else one `count` run shared by every
   * caller that needs the key meanwhile. A failed count is not remembered: its waiters get the error
   * and the next caller counts again. A null key is a count that cannot be cached: counted each time.
   */
  async total(key: string | null, version: bigint, count: () => Promise<CountEntry>): Promise<number> {
    if (!this.enabled || key === null) {
      this.stats.computations++;
      return (await count()).n;
    }
    const known = this.#entries.get(key);
    // Equal, not newer-or-equal: a database restored to an older state must not keep old counts.
    if (known?.version === version) {
      this.stats.hits++;
      // Most recently used last, so the oldest is the first to go.
      this.#entries.delete(key);
      this.#entries.set(key, known);
      return known.n;
    }
    this.stats.misses++;
    for (;;) {
      const entry = await (this.#flights.get(key) ?? this.#start(key, count));
      // A count already running when our page was read may predate it; the next one cannot.
      if (entry.version >= version) return entry.n;
    }
  }

  #start(key: string, count: () => Promise<CountEntry>): Promise<CountEntry> {
    this.stats.computations++;
    // count runs after the flight is registered, so even a synchronous throw reaches the waiters.
    const flight = Promise.resolve()
      .then(count)
      .then(
        (entry) => {
          this.#remember(key, entry);
          return entry;
        },
        (err: unknown) => {
          this.stats.failures++;
          throw err;
        },
      )
      .finally(() => this.#flights.delete(key));
    this.#flights.set(key, flight);
    return flight;
  }

  // Flights of one key run one after another, so the last one to finish is the newest count.
  #remember(key: string, entry: CountEntry) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

// Per database: tests and tools may run several databases in one process, each with its own versions.
const caches = new WeakMap<Db, CountCache>();

/** The count cache of one database (one per process and database). */
export function countCacheFor(db: Db): CountCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CountCache()));
  return cache;
}
