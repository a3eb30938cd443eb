/** The expiry field after an edit: its text and where the caret goes. */
export interface ExpiryEdit {
  value: string;
  caret: number;
}

/** What an edit removed from `previous` to give `input` (one run of characters), or null if it did more. */
function removedBy(input: string, previous: string): { at: number; text: string } | null {
  if (input.length >= previous.length) return null;
  let start = 0;
  while (start < input.length && input[start] === previous[start]) start++;
  let end = 0;
  while (end < input.length - start && input.at(-1 - end) === previous.at(-1 - end)) end++;
  if (start + end !== input.length) return null;
  return { at: start, text: previous.slice(start, start + previous.length - input.length) };
}

/** Where the caret goes in `value`: after its `digits`-th digit, and past a slash that follows it. */
function caretAfterDigits(value: string, digits: number, skipSlash: boolean): number {
  let seen = 0;
  let at = 0;
  while (at < value.length && seen < digits) if (/\d/.test(value[at++]!)) seen++;
  return skipSlash && value[at] === '/' ? at + 1 : at;
}

const digitsIn = (text: string) => text.replace(/\D/g, '');

/**
 * The card expiry field as MM/YY while the person types: the slash goes in by itself once the month is
 * complete (typing 1229 shows 12/29; a first digit of 2 to 9 is a month of its own, 4 → 04/), and a
 * pasted "12/29", "1229", "12 / 29" or "12/2029" all read 12/29. Deleting stays natural: a deletion
 * is kept as made, and backspace over the slash deletes the digit before it (12/29 → 1/29, 12/ → 1)
 * rather than putting back the slash it just removed. `previous` is the field's text before the edit, `caret` where
 * the caret is after it.
 */
export function formatCardExpiry(input: string, previous = '', caret = input.length): ExpiryEdit {
  const removed = removedBy(input, previous);
  if (removed) {
    // Over the slash, the digit before it goes (12/29 → 1/29), and a slash left last with it (12/ → 1).
    const overSlash = removed.text === '/' && removed.at > 0;
    const kept = overSlash ? previous.slice(0, removed.at - 1) + previous.slice(removed.at) : input;
    const text = overSlash && kept.endsWith('/') ? kept.slice(0, -1) : kept;
    const at = Math.min(overSlash ? removed.at - 1 : caret, text.length);
    // Digits whose slash was cut out with others ("/2" of 12/29): the month is the first two again.
    if (text.includes('/') || text.length < 3) return { value: text, caret: at };
    return { value: `${text.slice(0, 2)}/${text.slice(2, 4)}`, caret: at > 2 ? at + 1 : at };
  }
  // "12/29", "12 / 29", "1/29": the person said where the month ends.
  const separated = /^\D*(\d+)\D+(\d*)/.exec(input);
  let month: string;
  let year: string;
  let padded = false;
  if (separated) {
    const [, m = '', y = ''] = separated;
    padded = m.length === 1 && m !== '0';
    month = padded ? `0${m}` : m.slice(0, 2);
    year = y;
  } else {
    const digits = digitsIn(input);
    // No month starts with 2 to 9, nor 13 to 19: that first digit is the month.
    padded = /^[2-9]/.test(digits) || Number(digits.slice(0, 2)) > 12;
    month = padded ? `0${digits[0]}` : digits.slice(0, 2);
    year = digits.slice(padded ? 1 : 2);
  }
  const yy = year.length >= 4 && year.startsWith('20') ? year.slice(2, 4) : year.slice(0, 2);
  const value = month.length === 2 || separated ? `${month}/${yy}` : month;
  if (caret >= input.length) return { value, caret: value.length };
  const before = digitsIn(input.slice(0, caret)).length;
  return { value, caret: caretAfterDigits(value, before + (padded && before > 0 ? 1 : 0), true) };
}
