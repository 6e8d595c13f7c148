import { describe, expect, it } from 'vitest';
import { bodyIncludes } from './body-includes.js';

describe('bodyIncludes', () => {
  it('takes an object with the fields named, each matching, other fields left alone', () => {
    expect(bodyIncludes({ a: 1, b: 2 }, { a: 1 })).toBe(true);
    expect(bodyIncludes({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(
      bodyIncludes(
        { a: { b: { c: [1, { d: 'x', e: 'y' }] } } },
        { a: { b: { c: [1, { d: 'x' }] } } },
      ),
    ).toBe(true);
    expect(
      bodyIncludes({ a: { b: { c: [1, { d: 'z' }] } } }, { a: { b: { c: [1, { d: 'x' }] } } }),
    ).toBe(false);
  });

  it('tells a field set to null from one left out, and an object from an array or null', () => {
    expect(bodyIncludes({ a: null }, { a: null })).toBe(true);
    expect(bodyIncludes({}, { a: null })).toBe(false);
    expect(bodyIncludes({ a: [] }, { a: {} })).toBe(false);
    expect(bodyIncludes({ a: null }, { a: {} })).toBe(false);
    expect(bodyIncludes(undefined, { a: 1 })).toBe(false);
    expect(bodyIncludes('{"a":1}', { a: 1 })).toBe(false);
  });

  it('takes only own fields: none inherited from Object.prototype', () => {
    expect(bodyIncludes({}, { constructor: Object })).toBe(false);
    expect(
      bodyIncludes(JSON.parse('{"__proto__":{"x":1}}'), JSON.parse('{"__proto__":{"x":1}}')),
    ).toBe(true);
    expect(bodyIncludes({}, JSON.parse('{"__proto__":{}}'))).toBe(false);
  });

  it('takes an array of the same length, item by item, in order', () => {
    expect(bodyIncludes([1, 2], [1, 2])).toBe(true);
    expect(bodyIncludes([2, 1], [1, 2])).toBe(false);
    expect(bodyIncludes([1, 2, 3], [1, 2])).toBe(false);
    expect(bodyIncludes([{ a: 1, b: 2 }], [{ a: 1 }])).toBe(true);
    expect(bodyIncludes({ 0: 1, length: 1 }, [1])).toBe(false);
  });

  it('compares other values exactly, but a UUID in either case', () => {
    expect(bodyIncludes(1, 1.0)).toBe(true);
    expect(bodyIncludes('1', 1)).toBe(false);
    expect(bodyIncludes('Ada', 'ada')).toBe(false);
    expect(bodyIncludes(true, 1)).toBe(false);
    const id = '7d0c4b8a-3e5f-4a1b-9c2d-1e2f3a4b5c6d';
    expect(bodyIncludes({ agent_id: id.toUpperCase() }, { agent_id: id })).toBe(true);
    expect(bodyIncludes({ agent_id: id }, { agent_id: id.toUpperCase() })).toBe(true);
  });
});
