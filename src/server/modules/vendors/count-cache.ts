import type { Db } from '../../db/client.ts';

/**
 * "{N} vendors found" per filter set, remembered with the vendor_browse_version it was counted at.
 * Any statement that changes vendors bumps that version, so a count is reused only while it is still
 * exact; every server process keeps its own cache and they all agree through the database. Counting
 * is the one part of a browse request that grows with the number of matching vendors.
 */
interface Entry {
  version: string;
  n: number;
}

const MAX_ENTRIES = 500;
let enabled = true;

/** For the browse benchmark, which measures the uncached count too. */
export function setCountCacheEnabled(on: boolean) {
  enabled = on;
}
// Per database: tests and tools may run several databases in one process, each with its own versions.
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export function cachedCount(db: Db, key: string): Entry | undefined {
  if (!enabled) return undefined;
  const cache = cacheOf(db);
  const entry = cache.get(key);
  if (entry) {
    // Most recently used last, so the oldest is the first to go.
    cache.delete(key);
    cache.set(key, entry);
  }
  return entry;
}

export function rememberCount(db: Db, key: string, entry: Entry) {
  if (!enabled) return;
  const cache = cacheOf(db);
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
