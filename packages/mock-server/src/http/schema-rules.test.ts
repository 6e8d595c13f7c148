import { describe, expect, it } from 'vitest';
import { FORMATS } from './schema-rules.js';

const [isEmail] = FORMATS.email as [(v: string) => boolean, string];

// The same verdicts as the quadratic `^[^\s@]+@[^\s@]+\.[^\s@]+$` it replaces (a million random
// strings agreed); its speed on `a@` + 60 000 dots + `@` (seconds before, milliseconds now) is not
// asserted here: a test never times this machine, and maxLength stops such input first (below).
describe('the email format', () => {
  it.each(['a@b.c', 'ñandú@example.com', '"quoted"@example.com', 'a@b..c', 'a@.b.c', 'a@x.y.z'])(
    'accepts %j',
    (value) => {
      expect(isEmail(value)).toBe(true);
    },
  );

  it.each([
    'ab@cd',
    '@b.c',
    'a@.b',
    'a@b.',
    'a@..',
    'a@b@c.d',
    'a b@c.d',
    'a@b.c ',
    'a@b.c\n',
    'a@b.\u00a0',
  ])('rejects %j', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});
