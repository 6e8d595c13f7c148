import { describe, expect, it } from 'vitest';
import { parseSignature } from './parse-signature.js';

const hex = '00ff10ab'.repeat(8);

describe('parseSignature', () => {
  it.each([
    ['lower case', `sha256=${hex}`],
    ['upper case', `SHA256=${hex.toUpperCase()}`],
    ['mixed case', `Sha256=${hex.slice(0, 32)}${hex.slice(32).toUpperCase()}`],
  ])('decodes %s to 32 bytes', (_name, header) => {
    expect(Buffer.from(parseSignature(header, 'X')).toString('hex')).toBe(hex);
  });

  it.each([
    ['empty', ''],
    ['prefix only', 'sha256='],
    ['no prefix', hex],
    ['sha1 prefix', `sha1=${hex}`],
    ['63 digits', `sha256=${hex.slice(1)}`],
    ['65 digits', `sha256=${hex}0`],
    ['a non-hex digit', `sha256=${hex.slice(0, 63)}z`],
    ['a space inside', `sha256= ${hex.slice(1)}`],
    ['base64 instead of hex', `sha256=${Buffer.from(hex, 'hex').toString('base64')}`],
  ])('rejects %s', (_name, header) => {
    expect(() => parseSignature(header, 'X')).toThrow(
      expect.objectContaining({ code: 'malformed_signature' }),
    );
  });
});
