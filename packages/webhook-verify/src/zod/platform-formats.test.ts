import { describe, expect, it } from 'vitest';
import { fractionalIntegerPath, platformFormats } from './platform-formats.js';

// The spec's webhook data holds no allOf, no list of integers and no pattern beside a format yet;
// these hold what the two functions promise for the day it does.
describe('platformFormats', () => {
  it.each([
    ['its own pattern beside a format', { type: 'string', format: 'uuid', pattern: '^a' }],
    ['a format it has no pattern for', { type: 'string', format: 'hostname' }],
    // Names an object has from Object.prototype are unknown formats too, not patterns.
    ['a format named constructor', { type: 'string', format: 'constructor' }],
    ['a format named toString', { type: 'string', format: 'toString' }],
    ['a format named __proto__', { type: 'string', format: '__proto__' }],
    ['a null inside', { enum: ['a', null] }],
  ])('leaves a node with %s as it is', (_name, node) => {
    expect(platformFormats(node)).toStrictEqual(node);
  });
});

describe('fractionalIntegerPath', () => {
  const schema = {
    allOf: [{ properties: { n: { type: 'integer' } } }],
    properties: { xs: { type: 'array', items: { type: 'integer' } } },
  };

  it.each([
    [{ n: 1, xs: [1, 2] }, undefined],
    [{ n: 1.5 }, 'data.n'],
    [{ xs: [1, 2.5] }, 'data.xs.1'],
    [{ n: 1, xs: [0.5, 2.5] }, 'data.xs.0'],
  ])('follows allOf and items: %j gives %s', (value, path) => {
    expect(fractionalIntegerPath(schema, value, {}, 'data')).toBe(path);
  });
});
