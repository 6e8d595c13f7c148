import { describe, expect, it } from 'vitest';
import { checkTimestamp, parseTimestamp } from './parse-timestamp.js';

describe('parseTimestamp', () => {
  it.each([
    ['0', 0],
    ['1767225600', 1767225600],
    ['007', 7],
  ])('reads %s', (text, value) => {
    expect(parseTimestamp(text, 'X')).toBe(value);
  });

  it.each(['123abc', '-1', '+1', '1.5', '1e9', ' 1', '0x10', '', '1234567890123456', '١٢٣'])(
    'rejects %j',
    (text) => {
      expect(() => parseTimestamp(text, 'X')).toThrow(
        expect.objectContaining({ code: 'malformed_timestamp' }),
      );
    },
  );

  it('says how many digits it takes: 16 are all digits, and were refused as not digits only', () => {
    expect(() => parseTimestamp('1234567890123456', 'X')).toThrow(
      expect.objectContaining({ message: 'X must be Unix seconds, 1 to 15 digits' }),
    );
  });
});

describe('checkTimestamp', () => {
  const now = 1_000_000 * 1000 + 999; // sub-second part ignored
  it.each([
    [1_000_000 - 300, 'ok'],
    [1_000_000 - 301, 'timestamp_too_old'],
    [1_000_000 + 60, 'ok'],
    [1_000_000 + 61, 'timestamp_too_new'],
  ])('%i -> %s', (timestamp, expected) => {
    const run = () =>
      checkTimestamp(timestamp, { secrets: ['s'], nowMs: now, tolerance: 300, maxFuture: 60 });
    if (expected === 'ok') expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ code: expected }));
  });

  it('says by how many seconds a delivery is outside the window, and the window', () => {
    const options = { secrets: ['s'], nowMs: now, tolerance: 300, maxFuture: 60 };
    expect(() => checkTimestamp(1_000_000 - 301, options)).toThrow(
      'signed 301 s ago, over the 300 s tolerated (a replay, or clock skew)',
    );
    expect(() => checkTimestamp(1_000_000 + 61, options)).toThrow(
      'dated 61 s ahead, over the 60 s tolerated (clock skew?)',
    );
  });
});
