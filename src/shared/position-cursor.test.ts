import { describe, expect, it } from 'vitest';
import { decodePositionCursor, encodePositionCursor, type Position } from './position-cursor.ts';

const AT = '2026-11-23T17:05:09.123456Z';
/** The cursor of any JSON value, written as the API writes cursors (base64url, no padding). */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('position cursors', () => {
  it('are base64url without padding, safe in a query string', () => {
    // '??>>' makes a '/' and a '+' in plain base64, and a padding '='.
    expect(encodePositionCursor({ at: AT, id: '??>>' })).toBe(
      'WyIyMDI2LTExLTIzVDE3OjA1OjA5LjEyMzQ1NloiLCI_Pz4-Il0',
    );
    expect(encodePositionCursor({ at: AT, id: 'm_1' })).toBe(
      'WyIyMDI2LTExLTIzVDE3OjA1OjA5LjEyMzQ1NloiLCJtXzEiXQ',
    );
  });

  it('read back the place they were made from, to the microsecond, any id included', () => {
    for (const p of [
      { at: AT, id: '??>>' },
      { at: AT, id: 'gâteau 🎂' },
      { at: '1970-01-01T00:00:00.000000Z', id: 'x' },
      { at: '2028-02-29T23:59:59.999999Z', id: 'i'.repeat(100) },
    ] satisfies Position[])
      expect(decodePositionCursor(encodePositionCursor(p))).toEqual(p);
    // Plain base64 with its padding reads the same.
    expect(decodePositionCursor('WyIyMDI2LTExLTIzVDE3OjA1OjA5LjEyMzQ1NloiLCI/Pz4+Il0=')).toEqual({
      at: AT,
      id: '??>>',
    });
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['not UTF-8', Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]).toString('base64url')],
    [
      'an id that is not UTF-8',
      Buffer.concat([Buffer.from(`["${AT}","a`), Buffer.from([0xff]), Buffer.from('"]')]).toString(
        'base64url',
      ),
    ],
    ['an object', cursorOf({ at: AT, id: 'x' })],
    ['one item', cursorOf([AT])],
    ['three items', cursorOf([AT, 'x', 'y'])],
    ['a number for the time', cursorOf([Date.parse(AT), 'x'])],
    ['a list for the time', cursorOf([[AT], 'x'])],
    ['a number for the id', cursorOf([AT, 7])],
    ['an empty id', cursorOf([AT, ''])],
    ['an id over 100 characters', cursorOf([AT, 'i'.repeat(101)])],
    ['milliseconds only', cursorOf(['2026-11-23T17:05:09.123Z', 'x'])],
    ['nanoseconds', cursorOf(['2026-11-23T17:05:09.123456789Z', 'x'])],
    ['no Z', cursorOf(['2026-11-23T17:05:09.123456', 'x'])],
    ['an offset', cursorOf(['2026-11-23T17:05:09.123456+00:00', 'x'])],
    ['text before the time', cursorOf([` ${AT}`, 'x'])],
    ['text after the time', cursorOf([`${AT} `, 'x'])],
    ['a space for the T', cursorOf(['2026-11-23 17:05:09.123456Z', 'x'])],
    ['a comma for the point', cursorOf(['2026-11-23T17:05:09,123456Z', 'x'])],
    ['a short year', cursorOf(['226-11-23T17:05:09.123456Z', 'x'])],
    ['a one-digit month', cursorOf(['2026-1-23T17:05:09.123456Z', 'x'])],
    ['a one-digit day', cursorOf(['2026-11-3T17:05:09.123456Z', 'x'])],
    ['a one-digit hour', cursorOf(['2026-11-23T7:05:09.123456Z', 'x'])],
    ['a one-digit minute', cursorOf(['2026-11-23T17:5:09.123456Z', 'x'])],
    ['a one-digit second', cursorOf(['2026-11-23T17:05:9.123456Z', 'x'])],
    ['before 1970', cursorOf(['1969-12-31T23:59:59.999999Z', 'x'])],
    ['30 February', cursorOf(['2026-02-30T12:00:00.000000Z', 'x'])],
    ['hour 24', cursorOf(['2026-11-23T24:00:00.000000Z', 'x'])],
    ['minute 60', cursorOf(['2026-11-23T17:60:00.000000Z', 'x'])],
  ])('are refused when they hold %s', (_, token) => {
    expect(decodePositionCursor(token)).toBeNull();
  });
});
