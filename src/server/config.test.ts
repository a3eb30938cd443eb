import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'frosted-config-'));

describe('config', () => {
  it('runs with no variables at all (PGlite, port 3000, a generated and kept secret)', () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.pgliteDir).toBe(path.join(DATA_DIR, 'db'));
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR }).authSecret).toBe(config.authSecret);
  });

  it('fails fast and names each bad variable', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('AUTH_SECRET');
    }
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together, with a strong password', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'boss@example.test' })).toThrow(
      /ADMIN_PASSWORD/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'short' }),
    ).toThrow(/ADMIN_PASSWORD/);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_EMAIL: 'boss@example.test',
      ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(config.admin).toEqual({ email: 'boss@example.test', password: 'long-enough-password' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });
});
