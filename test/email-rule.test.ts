import { describe, expect, it } from 'vitest';
import { FORMATS } from '../packages/mock-server/src/http/schema-rules.js';
import { platformFormats } from '../packages/webhook-verify/src/zod/platform-formats.js';

// The mock checks the emails it accepts with FORMATS.email; webhook-verify checks the emails it
// receives with a pattern of the same rule. A receiver stricter than the sender answers 400 to a
// genuine delivery; a laxer one lets through what the platform never sends. They must agree.
const mockAccepts = (value: string) => FORMATS.email?.(value) === null;
const { pattern } = platformFormats<Record<string, string | undefined>>({ format: 'email' });
if (pattern === undefined) throw new Error('webhook-verify has no email pattern');
const verifyRegExp = new RegExp(pattern);
const verifyAccepts = (value: string) => verifyRegExp.test(value);

const SAMPLES = [
  'a@b.c',
  'ñandú@example.com',
  "o'neil+tag!#$%&*/=?^_`{|}~-@example.co.uk",
  'a@[192.0.2.1]',
  'a@b..c',
  'ab@cd',
  '@b.c',
  'a@b.',
  'a@b@c.d',
  'a b@c.d',
  'a@b.c\n',
  'a@b.\u00a0',
  '"a"<a@b.co>',
  'Ann <a@b.co>',
  '<a@b.co>',
  '"quoted"@example.com',
  'a(comment)@b.co',
  'a@b.co,c@d.co',
  'a@b.co;c@d.co',
  'a\\b@c.d',
  'a:b@c.d',
  'a[b]@c.d',
];

describe('the email rule of the mock and of webhook-verify', () => {
  it.each(SAMPLES)('gives one verdict on %j', (value) => {
    expect(verifyAccepts(value)).toBe(mockAccepts(value));
  });

  it('gives one verdict on every string of the characters that matter, up to 5 long', () => {
    const alphabet = ['a', '.', '@', '"', '<', '(', ',', ' ', '\\', ':', '['];
    const disagree: string[] = [];
    let strings = [''];
    for (let length = 1; length <= 5; length++) {
      strings = strings.flatMap((s) => alphabet.map((c) => s + c));
      for (const value of strings)
        if (verifyAccepts(value) !== mockAccepts(value)) disagree.push(value);
    }
    expect(disagree).toEqual([]);
  });
});
