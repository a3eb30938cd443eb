/**
 * A PostgreSQL array literal of these values, bound as ONE parameter (`${pgArray(ids)}::text[]`,
 * `::bigint[]`): for a thousand values, a parameter each costs more to build and bind than the
 * statement costs to run. Every element is quoted, so any text stays one element.
 */
export const pgArray = (values: readonly (string | bigint)[]): string =>
  `{${values.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
