/** A NUL character, or half of a surrogate pair without its other half (not valid Unicode text). */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a string cannot be stored as text: PostgreSQL refuses NUL in text columns and lone
 * surrogates cannot be encoded as UTF-8. Every string the API receives is checked with this.
 */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/**
 * The path to the first key or string with forbidden characters in a JSON-like value, or null.
 * Walks with its own stack: JSON may nest as deep as a body allows, deeper than the call stack goes.
 */
export function findForbiddenText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  interface Step {
    value: unknown;
    key?: string | number;
    parent?: Step;
  }
  const pathOf = (step: Step | undefined): (string | number)[] => {
    const keys: (string | number)[] = [];
    // Stryker disable next-line OptionalChaining: equivalent (a keyed step always has a parent; the root has no key)
    for (let s = step; s?.key !== undefined; s = s.parent) keys.push(s.key);
    return [...path, ...keys.reverse()];
  };
  const stack: Step[] = [{ value }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const item = step.value;
    if (typeof item === 'string') {
      if (hasForbiddenCharacters(item)) return pathOf(step);
    } else if (Array.isArray(item)) {
      // Stryker disable next-line ArithmeticOperator: equivalent (starting past the end only adds undefined values)
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: i, parent: step });
    } else if (item && typeof item === 'object' && !(item instanceof Blob)) {
      const entries = Object.entries(item);
      // A bad key is reported before anything inside its value, as the keys come.
      const badKey = entries.find(([key]) => hasForbiddenCharacters(key));
      const upTo = badKey ? entries.indexOf(badKey) : entries.length;
      if (badKey) stack.push({ value: badKey[0], key: badKey[0], parent: step });
      for (let i = upTo - 1; i >= 0; i--)
        stack.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
    }
  }
  return null;
}
