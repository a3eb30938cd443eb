import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from './text.ts';

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
