import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { developmentSellerReportConfig, loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import {
  ageOn,
  isBusinessNumber,
  isSin,
  maskIdentifier,
  taxInformationSchemaOn,
} from '../../../shared/schemas/seller-report.ts';
import { isExcludedSeller, quarterBounds, quarterOf, sellerFigures } from './figures.ts';
import { seal, sealedKeyId, unseal, UnsealError } from './sealing.ts';

const keys = developmentSellerReportConfig().keys;
const limits = developmentSellerReportConfig().exclusion;

describe('sealing', () => {
  it('opens what it sealed, for the same vendor and field only, and names its key', () => {
    const sealed = seal(keys, '046454286', { vendorId: 'v1', field: 'tin' });
    expect(sealed).not.toContain('046454286');
    expect(sealedKeyId(sealed)).toBe(keys.currentId);
    expect(unseal(keys, sealed, { vendorId: 'v1', field: 'tin' })).toBe('046454286');
    expect(() => unseal(keys, sealed, { vendorId: 'v2', field: 'tin' })).toThrow(UnsealError);
    expect(() => unseal(keys, sealed, { vendorId: 'v1', field: 'birthDate' })).toThrow(UnsealError);
    // The same value seals differently each time (a random IV).
    expect(seal(keys, '046454286', { vendorId: 'v1', field: 'tin' })).not.toBe(sealed);
  });

  it('rotates: a new key seals, the previous one still opens its own seals', () => {
    const old = Buffer.alloc(32, 1).toString('base64');
    const next = Buffer.alloc(32, 2).toString('base64');
    const before = loadConfig({
      SELLER_DATA_KEY: old,
      SELLER_DATA_KEY_ID: 'k1',
      DATA_DIR: '/tmp/frosted-unit',
      AUTH_SECRET: 'x'.repeat(32),
    });
    const sealed = seal(before.sellerReport.keys, 'secret', { vendorId: 'v', field: 'tin' });
    const after = loadConfig({
      SELLER_DATA_KEY: next,
      SELLER_DATA_KEY_ID: 'k2',
      SELLER_DATA_PREVIOUS_KEYS: `k1:${old}`,
      DATA_DIR: '/tmp/frosted-unit',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(unseal(after.sellerReport.keys, sealed, { vendorId: 'v', field: 'tin' })).toBe('secret');
    expect(sealedKeyId(seal(after.sellerReport.keys, 'secret', { vendorId: 'v', field: 'tin' }))).toBe('k2');
    const without = loadConfig({
      SELLER_DATA_KEY: next,
      SELLER_DATA_KEY_ID: 'k2',
      DATA_DIR: '/tmp/frosted-unit',
      AUTH_SECRET: 'x'.repeat(32),
    });
    expect(() => unseal(without.sellerReport.keys, sealed, { vendorId: 'v', field: 'tin' })).toThrow(/k1/);
  });

  it('is required in production, and must be 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/frosted-unit' })).toThrow(
      /SELLER_DATA_KEY: must be set in production/,
    );
    expect(() =>
      loadConfig({ SELLER_DATA_KEY: 'c2hvcnQ=', DATA_DIR: '/tmp/frosted-unit', AUTH_SECRET: 'x'.repeat(32) }),
    ).toThrow(/SELLER_DATA_KEY: must be 32 bytes/);
  });
});

describe('the logs', () => {
  it('never carry a tax identifier, wherever a log call puts it', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info(
      {
        tin: '046454286',
        input: { dateOfBirth: '1980-01-01' },
        body: { json: { businessRegistrationNumber: 'BC123' } },
      },
      'x',
    );
    const out = lines.join('');
    expect(out).toContain('"msg":"x"');
    for (const secret of ['046454286', '1980-01-01', 'BC123']) expect(out).not.toContain(secret);
  });
});

describe('the form’s rules', () => {
  const schema = taxInformationSchemaOn(() => '2026-11-28');
  const base = {
    sellerType: 'individual',
    legalName: 'A B',
    addressLine1: '1 Main St',
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
    country: 'CA',
    tin: '046 454 286',
    tinCountry: 'CA',
    tinRegion: 'BC',
    dateOfBirth: '2008-11-28',
  };
  const fields = (input: object) => {
    const r = schema.safeParse({ ...base, ...input });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('checks a SIN by Luhn, a BN by its 9 digits', () => {
    expect(isSin('046 454 286')).toBe(true);
    expect(isSin('046 454 287')).toBe(false);
    expect(isSin('04645428')).toBe(false);
    expect(isBusinessNumber('123456789')).toBe(true);
    expect(isBusinessNumber('123456789RT0001')).toBe(true);
    expect(isBusinessNumber('12345678')).toBe(false);
  });

  it('takes an 18th birthday on the day, not the day before', () => {
    expect(ageOn('2008-11-28', '2026-11-28')).toBe(18);
    expect(ageOn('2008-11-29', '2026-11-28')).toBe(17);
    expect(fields({})).toEqual({});
    expect(fields({ dateOfBirth: '2008-11-29' }).dateOfBirth).toMatch(/18 or older/);
    expect(fields({ dateOfBirth: '2001-02-30' }).dateOfBirth).toMatch(/YYYY-MM-DD/);
  });

  it('asks an entity for its BN and registration number, not a birth date', () => {
    const f = fields({ sellerType: 'entity', tin: '123456789', dateOfBirth: '' });
    expect(f).toEqual({ businessRegistrationNumber: 'Please enter the business registration number.' });
    expect(
      fields({ sellerType: 'entity', tin: '123456789', businessRegistrationNumber: 'BC1234567' }),
    ).toEqual({});
  });

  it('masks all but the last three', () => {
    expect(maskIdentifier('046 454 286')).toBe('••••••286');
    expect(maskIdentifier('12')).toBe('•••');
  });
});

describe('figures', () => {
  const credit = (at: string, vendorCents: number, orderId = at) => ({
    vendorId: 'v',
    orderId,
    at: new Date(at),
    vendorCents,
    feeCents: 80,
    taxCents: 4,
  });

  it('counts each posting in its Vancouver calendar quarter', () => {
    const bounds = quarterBounds(2025);
    expect(bounds[0]!.toISOString()).toBe('2025-01-01T08:00:00.000Z');
    expect(bounds[1]!.toISOString()).toBe('2025-04-01T07:00:00.000Z');
    expect(quarterOf(bounds, new Date('2025-04-01T06:59:59Z'))).toBe(0);
    expect(quarterOf(bounds, new Date('2025-04-01T07:00:00Z'))).toBe(1);
    expect(quarterOf(bounds, new Date('2026-01-01T07:59:59Z'))).toBe(3);
    expect(quarterOf(bounds, new Date('2026-01-01T08:00:00Z'))).toBe(-1);
  });

  it('grosses up by fee and tax, and counts a sale once a quarter only while it credits', () => {
    const [f] = sellerFigures(2025, [
      credit('2025-02-01T12:00:00Z', 916, 'o1'),
      credit('2025-02-02T12:00:00Z', 916, 'o2'),
      // An adjustment taking money back on o2 in the same quarter: o2 still counts while its net is > 0.
      { ...credit('2025-03-01T12:00:00Z', -100, 'o2'), feeCents: 0, taxCents: 0 },
    ]);
    expect(f!.quarters[0]).toEqual({
      considerationCents: 2 * 1000 - 100,
      feesCents: 160,
      taxesCents: 8,
      activities: 2,
    });
  });

  it('excludes a goods seller under both limits only, and never a seller of services', () => {
    const figures = (activities: number, considerationCents: number) => ({
      vendorId: 'v',
      quarters: [],
      totals: { considerationCents, feesCents: 0, taxesCents: 0, activities },
    });
    expect(isExcludedSeller(figures(29, 280_000), ['cakes'], limits)).toBe(true);
    expect(isExcludedSeller(figures(30, 1_000), ['cakes'], limits)).toBe(false);
    expect(isExcludedSeller(figures(1, 280_001), ['cakes'], limits)).toBe(false);
    expect(isExcludedSeller(figures(1, 1_000), ['cakes', 'photography'], limits)).toBe(false);
  });
});
