// Mutations of a JSON value for the differential test of the mock's validator: at one place of
// the value, a change that often breaks a rule of its schema (a required property dropped, another
// type, a string outside a format, pattern, enum or length, a number past a bound, an unknown
// property, a wrong or repeated array item). Whether it does break one is for ajv to say.

import fc from 'fast-check';

type Path = (string | number)[];

const UUID = '0b6f3c1e-4b8f-4a39-9a52-2f1c7a3d5e90';
// The spec's bounds (maxLength 40 ... 100000, maximum 2 ... 604800), each side of the line.
const LENGTHS = [
  0, 1, 2, 35, 36, 40, 41, 64, 65, 100, 101, 200, 201, 320, 321, 500, 501, 2000, 2001,
];
const NUMBERS = [-1, 0, 0.5, 1, 1.5, 2, 3, 5, 6, 100, 101, 604800, 604801, 1e21, -1e-7];

/**
 * Strings each side of a format's line, by format, and of a few patterns: those on which the mock's
 * validator and ajv agree (where they differ by design, see the differential test's table).
 */
export const TRICKY_STRINGS: readonly string[] = [
  // date-time
  '2026-11-20T10:00:00Z',
  '2026-11-20T10:00:00.123+05:30',
  '2026-11-20t10:00:00z',
  '2026-11-20T10:00:00',
  '2026-11-20T10:00Z',
  '2026-02-29T10:00:00Z',
  '2024-02-29T10:00:00Z',
  '2026-11-20T24:00:00Z',
  '2026-11-20T10:00:00+24:00',
  '2026-11-20',
  '2026-11-20T10:00:00.Z',
  '２０２６-11-20T10:00:00Z',
  // uuid
  UUID,
  UUID.toUpperCase(),
  UUID.replace(/-/g, ''),
  `{${UUID}}`,
  ` ${UUID}`,
  '00000000-0000-0000-0000-000000000000',
  `${UUID.slice(0, -1)}g`,
  // uri
  'https://example.com/a?b=c#d',
  'http://127.0.0.1:9/x',
  'http://[::1]:8080/',
  'HTTPS://EXAMPLE.COM',
  'https://example.com/a b',
  'https://example.com/%zz',
  'https://example.com/a%20b',
  'https://exa mple.com/',
  'ftp://example.com/',
  'mailto:ann@example.com',
  'example.com',
  '/relative/path',
  'https://user:pw@example.com/',
  'https://example.com/<x>',
  'https://example.com/"x"',
  'https://café.example/',
  'https://example.com/#a#b',
  'http://[::1/',
  'https://exa%41mple.com/',
  'https://ex_ample.com/',
  'https://example.com\\a',
  'https://example.com/\u00e9',
  // email
  'ann@example.com',
  'ann.lee+tag@example.co.uk',
  'ann@example',
  'ann@@example.com',
  '@example.com',
  'ann@',
  'ann lee@example.com',
  '"Ann" <ann@example.com>',
  'a{b}@example.com',
  '"ann lee"@example.com',
  'ann@localhost',
  'ann@example.c',
  'ann@123.123.123.123',
  // blank and invisible
  '',
  ' ',
  '\u200B',
  'x',
  'not a real value',
];

/** The tree paths of a value, the value's own (`[]`) first. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      pathsOf(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

/** A copy of `value` with what is at `path` given by `change` (undefined removes it). */
function replaced(value: unknown, path: Path, change: (old: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = replaced(copy[head as number], rest, change);
    if (next === undefined) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as object) };
  const next = replaced(copy[head], rest, change);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** One change at one place, as a function of the old value (undefined: remove it). */
const change: fc.Arbitrary<{ name: string; apply: (old: unknown) => unknown }> = fc.oneof(
  fc.constant({ name: 'remove', apply: () => undefined }),
  fc
    .constantFrom<unknown>(null, 0, 1.5, -1, true, 'x', '', {}, [])
    .map((v) => ({ name: `set ${JSON.stringify(v)}`, apply: () => v })),
  fc
    .constantFrom(...TRICKY_STRINGS)
    .map((v) => ({ name: `set ${JSON.stringify(v)}`, apply: () => v })),
  fc
    .tuple(fc.constantFrom(...LENGTHS), fc.constantFrom('a', 'é', '😀'))
    .map(([n, c]) => ({ name: `set ${c} x ${n}`, apply: () => c.repeat(n) })),
  fc.constantFrom(...NUMBERS).map((n) => ({
    name: `set ${n}`,
    apply: (old: unknown) => (typeof old === 'string' ? `${n}` : n),
  })),
  fc
    .constantFrom('zz_unknown', 'nam', '__proto__', 'constructor', '', 'k'.repeat(41), 'a b')
    .map((key) => ({
      name: `add key ${key}`,
      apply: (old: unknown) =>
        old !== null && typeof old === 'object' && !Array.isArray(old)
          ? JSON.parse(JSON.stringify({ ...old, [key]: 1 }))
          : old,
    })),
  fc.constantFrom<unknown>(null, 'x', 1, {}).map((item) => ({
    name: `push ${JSON.stringify(item)}`,
    apply: (old: unknown) => (Array.isArray(old) ? [...old, item] : old),
  })),
  fc.constant({
    name: 'repeat first item',
    apply: (old: unknown) => (Array.isArray(old) && old.length > 0 ? [...old, old[0]] : old),
  }),
  fc.constantFrom(15, 101).map((n) => ({
    name: `${n} items`,
    apply: (old: unknown) =>
      Array.isArray(old) && old.length > 0
        ? Array.from({ length: n }, (_, i) =>
            typeof old[0] === 'string' ? `${old[0]}${i}` : old[0],
          )
        : old,
  })),
);

/** A mutated copy of a value, and what was done, for the failure message. */
export function mutationOf(value: unknown): fc.Arbitrary<{ value: unknown; done: string }> {
  const paths = pathsOf(value);
  return fc
    .tuple(fc.integer({ min: 0, max: paths.length - 1 }), change)
    .map(([i, { name, apply }]) => {
      const path = paths[i] as Path;
      const next = replaced(value, path, apply);
      return {
        value: next === undefined ? null : next,
        done: `${name} at ${path.join('.') || '(root)'}`,
      };
    });
}
