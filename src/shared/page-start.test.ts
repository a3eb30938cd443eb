import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from './routes.ts';
import { SIGNED_IN_STARTS, signedInStart } from './page-start.ts';

describe('signedInStart', () => {
  it('knows the signed-in pages, each a client route', () => {
    for (const { route } of SIGNED_IN_STARTS) expect(CLIENT_ROUTES).toContain(route);
    expect(signedInStart('/customer-dashboard')?.paths).toEqual(['/api/me/dashboard/customer']);
    expect(signedInStart('/vendor-dashboard/')?.paths).toEqual(['/api/me/dashboard/vendor']);
    expect(signedInStart('/orders/ord_123')?.paths).toEqual([
      '/api/orders/ord_123',
      '/api/orders/ord_123/schedule',
    ]);
    expect(signedInStart('/orders/ord_123')?.module).toBe('pages/order.tsx');
  });

  it('answers nothing for other pages', () => {
    for (const path of [
      '/',
      '/browse-vendors',
      '/orders',
      '/orders/a/pay',
      '/vendor-dashboard/profile',
      '/quotes',
    ])
      expect(signedInStart(path), path).toBeUndefined();
  });

  it('keeps a segment inside its path: encoded, never . or ..', () => {
    expect(signedInStart('/orders/a%2F..%2F..%2Fadmin')?.paths).toEqual([
      '/api/orders/a%2F..%2F..%2Fadmin',
      '/api/orders/a%2F..%2F..%2Fadmin/schedule',
    ]);
    expect(signedInStart('/orders/a%3Fb%3D1')?.paths[0]).toBe('/api/orders/a%3Fb%3D1');
    expect(signedInStart('/orders/..')).toBeUndefined();
    expect(signedInStart('/orders/%2e%2e')).toBeUndefined();
    expect(signedInStart('/orders/%E0%A4%A')?.paths[0]).toBe('/api/orders/%25E0%25A4%25A');
  });
});
