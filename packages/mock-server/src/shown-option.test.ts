import { describe, expect, it } from 'vitest';
import { shownOption } from './shown-option.js';

class Limits {
  limit = 5;
}
const cycle: { limit: number; self?: unknown } = { limit: 5 };
cycle.self = cycle;
const throwing = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('no keys');
    },
  },
);

describe('shownOption', () => {
  it.each([
    ['a string, quoted', 'x', '"x"'],
    ['a NUL in a string, escaped as JSON does', '\0NaN\0', '"\\u0000NaN\\u0000"'],
    [
      'numbers JSON writes as null',
      [Number.NaN, Number.NEGATIVE_INFINITY, -0],
      '[NaN,-Infinity,-0]',
    ],
    ['a BigInt and a symbol', [5n, Symbol('seed')], '[5n,Symbol(seed)]'],
    [
      'undefined, which JSON drops or writes null',
      { a: undefined, b: [undefined] },
      '{"a":undefined,"b":[undefined]}',
    ],
    [
      'a function by its name, not its source',
      { fetch: function myFetch() {} },
      '{"fetch":function myFetch}',
    ],
    ['an arrow function', () => 1, 'a function'],
    ['a cycle, without throwing', cycle, '{"limit":5,"self":[Circular]}'],
    ['an object by its class', new Limits(), 'Limits {"limit":5}'],
    ['a Map by its class (JSON wrote {})', new Map([[1, 2]]), 'Map {}'],
    [
      'an object without a prototype as plain',
      Object.assign(Object.create(null), { a: 1 }),
      '{"a":1}',
    ],
    ['a Date as JSON writes it', new Date(0), '"1970-01-01T00:00:00.000Z"'],
    ['an Invalid Date (JSON wrote null)', new Date(Number.NaN), 'Invalid Date'],
    ['a URL as its href', new URL('http://127.0.0.1:4010/v1'), '"http://127.0.0.1:4010/v1"'],
    ['an object whose keys throw, by its tag', throwing, '[object Object]'],
  ])('writes %s', (_, value, shown) => {
    expect(shownOption(value)).toBe(shown);
  });
});
