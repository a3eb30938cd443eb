import { describe, expect, it } from 'vitest';
import { findForbiddenText, hasForbiddenCharacters } from './text.ts';

describe('hasForbiddenCharacters', () => {
  it('finds NUL and lone surrogates, and nothing in ordinary or emoji text', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('\uD800')).toBe(true);
    expect(hasForbiddenCharacters('x\uDC00')).toBe(true);
    expect(hasForbiddenCharacters('\uDC00\uD800')).toBe(true);
    expect(hasForbiddenCharacters('Crème brûlée 🎂 for 30 — 3 tiers')).toBe(false);
    expect(hasForbiddenCharacters('')).toBe(false);
  });
});

describe('findForbiddenText', () => {
  it('names the first key or string holding NUL or a lone surrogate, in document order', () => {
    expect(findForbiddenText({ a: 'ok', b: ['x', 'y\u0000'] })).toEqual(['b', 1]);
    expect(findForbiddenText({ a: ['\uD800'], 'k\u0000': 'x' })).toEqual(['a', 0]);
    expect(findForbiddenText({ 'k\u0000': 1, a: '\uDFFF' })).toEqual(['k\u0000']);
    expect(findForbiddenText({ x: 'a\u0000' }, ['body'])).toEqual(['body', 'x']);
    expect(findForbiddenText({ fine: [1, 'two', { three: null }], emoji: '🎂' })).toBeNull();
  });

  it('looks inside arrays and objects only, not into other values', () => {
    const fn = Object.assign(() => 0, { hidden: '\u0000' });
    expect(findForbiddenText({ fn, n: 5, yes: true })).toBeNull();
    expect(findForbiddenText([new Blob(['\u0000'])])).toBeNull();
    expect(findForbiddenText([0, '', null, undefined, 'a\u0000'])).toEqual([4]);
  });

  it('walks JSON nested deeper than the call stack (a 400 KB body of brackets was a 500)', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(findForbiddenText(deep)).toHaveLength(depth);
    expect(findForbiddenText(JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`))).toBeNull();
  });
});
