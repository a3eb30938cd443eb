import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next.ts';

describe('safeNextPath', () => {
  it('follows paths of this site, with their query and fragment', () => {
    for (const next of [
      '/',
      '/customer-dashboard',
      '/orders/o_1/pay?step=2',
      '/vendor/v1#reviews',
      '/designs/a%20b',
    ])
      expect(safeNextPath(next)).toBe(next);
  });

  it('refuses other sites however they are written', () => {
    for (const next of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/%5Cevil.example/x',
      '/%5cevil.example/x',
      '/%255Cevil.example/x',
      '\\\\evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/\t/evil.example',
      '/%09/evil.example',
      '/\n/evil.example',
      '/%0a/evil.example',
      '/%00',
      'https://evil.example/x',
      'javascript:alert(1)',
      'evil.example',
      ' /customer-dashboard',
      '',
      null,
      undefined,
    ])
      expect(safeNextPath(next), JSON.stringify(next)).toBeNull();
  });

  it('refuses what cannot be decoded, is encoded over and over, or is far too long', () => {
    expect(safeNextPath('/%E0%A4%A')).toBeNull();
    expect(safeNextPath('/%2525252525')).toBeNull();
    expect(safeNextPath(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});
