import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** What production needs at the least (a demo deployment on the sandbox, opted in). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PAYMENTS_PROVIDER: 'sandbox',
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://frosted.example',
  SELLER_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'frosted-config-'));

describe('config', () => {
  it('runs with no variables at all (PGlite, port 3000, a generated and kept secret)', () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.pgliteDir).toBe(path.join(DATA_DIR, 'db'));
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR }).authSecret).toBe(config.authSecret);
    // Passwords are hashed the standard way whatever the environment says (the tests' 'fast' is theirs).
    expect(config.passwordHashing).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR, NODE_ENV: 'test', PASSWORD_HASHING: 'fast' }).passwordHashing,
    ).toBeUndefined();
  });

  it('never seeds demo data in production unless asked, and then without demo tools', () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR })).toMatchObject({ seedOnFirstRun: true, demoTools: true });
    expect(loadConfig({ DATA_DIR, ...PRODUCTION })).toMatchObject({
      seedOnFirstRun: false,
      demoTools: false,
    });
    expect(loadConfig({ DATA_DIR, ...PRODUCTION, SEED_ON_FIRST_RUN: 'true' })).toMatchObject({
      seedOnFirstRun: true,
      demoTools: false,
    });
    expect(loadConfig({ DATA_DIR, SEED_ON_FIRST_RUN: 'false' })).toMatchObject({ seedOnFirstRun: false });
  });

  it('refuses to start production on defaults that are only safe on a laptop', () => {
    const DATA_DIR = dataDir();
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR, ...env });
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    const bare = problems({ NODE_ENV: 'production' });
    expect(bare).toContain('PAYMENTS_PROVIDER: must be set in production');
    expect(bare).toContain('AUTH_SECRET: must be set in production');
    expect(bare).toContain('PUBLIC_URL: must be set in production');
    expect(bare).toContain('SELLER_DATA_KEY: must be set in production');
    // The sandbox takes test cards: in production only when a demo deployment says so.
    const { ALLOW_TEST_PAYMENTS_IN_PRODUCTION: _optIn, ...sandboxWithoutOptIn } = PRODUCTION;
    expect(problems(sandboxWithoutOptIn)).toContain(
      'PAYMENTS_PROVIDER: is sandbox in production, where test cards would pay real orders',
    );
    expect(problems({ ...PRODUCTION, PUBLIC_URL: 'http://frosted.example' })).toContain(
      'PUBLIC_URL: must be an https:// URL in production',
    );
    expect(problems(PRODUCTION)).toBe('');
    // Outside production the defaults still run everything offline.
    expect(loadConfig({ DATA_DIR }).payments.provider).toBe('sandbox');
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

  it('keeps files on local disk unless S3_BUCKET is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.s3).toBeUndefined();
    expect(config.storageCacheSeconds).toBe(3600);
    const s3 = loadConfig({
      DATA_DIR: dataDir(),
      S3_BUCKET: 'frosted-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      STORAGE_CACHE_SECONDS: '60',
    });
    expect(s3.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'frosted-files',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(s3.storageCacheSeconds).toBe(60);
    // Without a key pair the SDK's own credential chain (instance role, environment) is used.
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'b' }).s3?.credentials).toBeUndefined();
  });

  it('names the S3 variable that is missing or wrong', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(load({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET must be set/);
    expect(load({ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(load({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(load({ STORAGE_CACHE_SECONDS: '-1' })).toThrow(/STORAGE_CACHE_SECONDS/);
  });

  it('migrates as DATABASE_MIGRATION_URL when set, and refuses it without a separate app role', () => {
    const owner = 'postgres://frosted_owner:secret@db:5432/frosted';
    const app = 'postgres://frosted_app:other@db:5432/frosted';
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: app, DATABASE_MIGRATION_URL: owner }),
    ).toMatchObject({
      databaseUrl: app,
      databaseMigrationUrl: owner,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: app }).databaseMigrationUrl).toBeUndefined();
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load({ DATABASE_MIGRATION_URL: owner })).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
    expect(load({ DATABASE_URL: owner, DATABASE_MIGRATION_URL: owner })).toThrow(
      /DATABASE_URL: must connect as another role than DATABASE_MIGRATION_URL/,
    );
    expect(load({ DATABASE_URL: app, DATABASE_MIGRATION_URL: 'mysql://x' })).toThrow(
      /DATABASE_MIGRATION_URL: must be a postgres/,
    );
  });

  it('reads the tax on the fee (decision 029): 5% GST by default, rates in basis points, the GST number checked', () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR }).feeTax).toEqual({ gstBps: 500, pstBps: 0, platformGstNumber: undefined });
    expect(
      loadConfig({ DATA_DIR, GST_RATE: '0.05', PST_RATE: '0.07', PLATFORM_GST_NUMBER: '123456789 rt 0001' })
        .feeTax,
    ).toEqual({ gstBps: 500, pstBps: 700, platformGstNumber: '123456789RT0001' });
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR, ...env });
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(problem({ PLATFORM_GST_NUMBER: '12345RT0001' })).toContain(
      'PLATFORM_GST_NUMBER: must be a GST/HST number',
    );
    expect(problem({ GST_RATE: '0.3' })).toContain('GST_RATE: must be at most 0.25');
    expect(problem({ PST_RATE: '-0.01' })).toContain('PST_RATE');
    expect(problem({ GST_RATE: '0.05001' })).toContain('GST_RATE: must be a whole number of basis points');
    // Real money in production: the invoices must carry Frosted's GST number.
    const stripe = {
      ...PRODUCTION,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    expect(problem(stripe)).toContain('PLATFORM_GST_NUMBER: must be set in production');
    expect(problem({ ...stripe, PLATFORM_GST_NUMBER: '123456789RT0001' })).toBe('');
    expect(problem({ ...stripe, GST_RATE: '0' })).toBe('');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PUBLIC_URL: '' }).databaseUrl).toBeUndefined();
  });
});
