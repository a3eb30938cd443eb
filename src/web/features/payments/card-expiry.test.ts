import { describe, expect, it } from 'vitest';
import { formatCardExpiry } from './card-expiry.ts';

/** What the field shows after each key, typed at the end from an empty field. */
function typed(keys: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const key of keys) {
    value = formatCardExpiry(value + key, value).value;
    shown.push(value);
  }
  return shown;
}

/** What the field shows after each backspace at the end. */
function backspaced(from: string): string[] {
  const shown: string[] = [];
  let value = from;
  while (value) {
    value = formatCardExpiry(value.slice(0, -1), value).value;
    shown.push(value);
  }
  return shown;
}

describe('the card expiry field', () => {
  it('puts the slash in as the month is typed', () => {
    expect(typed('1229')).toEqual(['1', '12/', '12/2', '12/29']);
    expect(typed('0130')).toEqual(['0', '01/', '01/3', '01/30']);
  });

  it('takes a typed slash without doubling it', () => {
    expect(typed('12/29')).toEqual(['1', '12/', '12/', '12/2', '12/29']);
    expect(typed('1/29')).toEqual(['1', '01/', '01/2', '01/29']);
  });

  it('reads a first digit that can only be a month as that month', () => {
    expect(typed('429')).toEqual(['04/', '04/2', '04/29']);
    // No month 13 to 19: the 1 was January.
    expect(typed('13')).toEqual(['1', '01/3']);
  });

  it('stops at MM/YY', () => {
    expect(typed('122999')).toEqual(['1', '12/', '12/2', '12/29', '12/29', '12/29']);
  });

  it('reads a pasted date however it was written', () => {
    for (const pasted of ['12/29', '1229', '12 / 29', ' 12/29 ', '12-29', '12/2029', '122029', '12 / 2029'])
      expect(formatCardExpiry(pasted), pasted).toEqual({ value: '12/29', caret: 5 });
    expect(formatCardExpiry('4/29').value).toBe('04/29');
    // Pasted over the whole field (the same length or shorter is not a deletion).
    expect(formatCardExpiry('1230', '12/29').value).toBe('12/30');
    expect(formatCardExpiry('4', '12/29').value).toBe('04/');
  });

  it('leaves a formatted date as it is', () => {
    for (const value of ['', '1', '12/', '12/2', '12/29', '04/30'])
      expect(formatCardExpiry(value, value).value, value).toBe(value);
  });

  it('deletes one character per backspace, the slash with the digit before it', () => {
    expect(backspaced('12/29')).toEqual(['12/2', '12/', '1', '']);
    // Typed again after that, the slash comes back.
    expect(formatCardExpiry('12', '1').value).toBe('12/');
  });

  it('keeps a deletion inside the text where it was made, caret included', () => {
    // Backspace just after the slash: the month's last digit goes, the year stays.
    expect(formatCardExpiry('1229', '12/29', 2)).toEqual({ value: '1/29', caret: 1 });
    // Backspace after the first digit.
    expect(formatCardExpiry('2/29', '12/29', 0)).toEqual({ value: '2/29', caret: 0 });
    // The slash and a year digit cut out together.
    expect(formatCardExpiry('129', '12/29', 2)).toEqual({ value: '12/9', caret: 2 });
  });

  it('keeps the caret by its digits when typing inside the text', () => {
    // "1/29" with the caret after the 1: typing 2 makes 12/29 with the caret after the slash.
    expect(formatCardExpiry('12/29', '1/29', 2)).toEqual({ value: '12/29', caret: 3 });
    // A month padded as it is typed in front: the caret stays after the digit typed.
    expect(formatCardExpiry('4/29', '/29', 1)).toEqual({ value: '04/29', caret: 3 });
  });
});
