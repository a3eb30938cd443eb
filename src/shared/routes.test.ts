import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes.ts';

describe('client routes', () => {
  it('knows every route of the spec, with parameters', () => {
    for (const p of [
      '/',
      '/auth',
      '/auth/callback',
      '/vendor/vendor-sweet-dreams',
      '/browse-vendors/flowers',
      '/cookies',
      '/support/',
    ]) {
      expect(isClientRoute(p), p).toBe(true);
    }
  });
  it('rejects anything else', () => {
    for (const p of ['/nope', '/vendor', '/vendor/a/b', '/auth/other', '/browse-vendors/flowers/x'])
      expect(isClientRoute(p), p).toBe(false);
  });
});
