import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { forwardedClientIp } from './client-ip.ts';

describe('forwardedClientIp', () => {
  it('takes the entry our one proxy added (the right-most), never what the client wrote', () => {
    expect(forwardedClientIp('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientIp('1.2.3.4, 5.6.7.8, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientIp(' 1.2.3.4 ,203.0.113.7 ', 1)).toBe('203.0.113.7');
  });

  it('counts back one entry per proxy of ours', () => {
    expect(forwardedClientIp('1.2.3.4, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClientIp('1.2.3.4, 203.0.113.7, 10.0.0.2, 10.0.0.3', 3)).toBe('203.0.113.7');
    // Fewer entries than proxies: the request came in past the outer ones; the first entry is the one added.
    expect(forwardedClientIp('203.0.113.7', 2)).toBe('203.0.113.7');
  });

  it('accepts IPv6 and gives nothing for an entry that is no address (the socket counts then)', () => {
    expect(forwardedClientIp('1.2.3.4, 2001:db8::1', 1)).toBe('2001:db8::1');
    expect(forwardedClientIp('1.2.3.4, unknown', 1)).toBeUndefined();
    expect(forwardedClientIp('203.0.113.7:4711', 1)).toBeUndefined();
    expect(forwardedClientIp('', 1)).toBeUndefined();
    expect(forwardedClientIp(' , ', 1)).toBeUndefined();
    expect(forwardedClientIp(undefined, 1)).toBeUndefined();
  });
});

describe('TRUST_PROXY_HOPS', () => {
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'frosted-config-'));

  it('is one proxy unless set', () => {
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: 'true' })).toMatchObject({
      trustProxy: true,
      trustProxyHops: 1,
    });
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it('refuses to start with a count that is not a whole number from 1 to 10, naming the variable', () => {
    for (const TRUST_PROXY_HOPS of ['0', '-1', '1.5', 'two', '11'])
      expect(() => loadConfig({ DATA_DIR, TRUST_PROXY_HOPS })).toThrow(
        expect.objectContaining({
          constructor: ConfigError,
          message: expect.stringContaining('TRUST_PROXY_HOPS'),
        }),
      );
  });
});
