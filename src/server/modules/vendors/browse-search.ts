import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { FUZZY_QUERY_MAX_LENGTH } from '../../../shared/schemas/vendors.ts';

/** A named parameter of a statement: a placeholder, or its value in place (browse-query.ts). */
export type Bind = (name: string) => SQL | Placeholder;

/** Words too common to narrow a search; full text ignores them too ('english' stop words). */
const STOP_WORDS = new Set('a an and at by for in of on or the to with'.split(' '));
const MAX_FUZZY_WORDS = 4;

/**
 * The words of a short query that the search matches one by one, or null for a query matched as web
 * search (too long, too many words, or only stop words).
 */
export function fuzzyWords(q: string): string[] | null {
  const words = q
    .toLowerCase()
    .split(' ')
    .filter((w) => /[\p{L}\p{N}]/u.test(w) && !STOP_WORDS.has(w));
  return q.length > FUZZY_QUERY_MAX_LENGTH || words.length === 0 || words.length > MAX_FUZZY_WORDS
    ? null
    : words;
}

/**
 * Short queries: every word must match, exactly (full text, stemmed) or, when no vendor uses the word,
 * nearly: the word is replaced by the 5 most similar words of the vendor_search_words dictionary
 * (trigram similarity forgives typos and unfinished words: "weding", "swee"). Matching a small
 * dictionary instead of every vendor keeps the search on the GIN index whatever the table size.
 * Longer queries use web-search syntax, exact words only.
 */
export function searchCondition(words: string[] | null, bind: Bind): SQL {
  if (!words) return sql`v.search_vector @@ websearch_to_tsquery('english', ${bind('q')})`;
  // NULL when nothing is near the word: the whole query then matches nothing, as it should.
  const perWord = words.map((_, i) => {
    const w = bind(`w${i}`);
    return sql`coalesce(
    (SELECT to_tsquery('simple', string_agg(quote_literal(d.word), ' | ')) FROM vendor_search_words d
      WHERE d.word = ANY(tsvector_to_array(to_tsvector('english', ${w})))),
    (SELECT to_tsquery('simple', string_agg(quote_literal(x.word), ' | ')) FROM (
      SELECT d.word FROM vendor_search_words d WHERE d.word % ${w}
      ORDER BY similarity(d.word, ${w}) DESC, d.word LIMIT 5) x))`;
  });
  return sql`v.search_vector @@ (${sql.join(perWord, sql` && `)})`;
}
