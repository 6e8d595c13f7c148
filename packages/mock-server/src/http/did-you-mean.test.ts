import { describe, expect, it } from 'vitest';
import { didYouMean } from './did-you-mean.js';

describe('didYouMean', () => {
  const fields = ['name', 'status', 'retry_after', 'times', 'delay_ms', 'description'];

  it.each([
    ['nmae', 'name'], // two letters swapped
    ['stauts', 'status'],
    ['retryAfter', 'retry_after'], // camelCase for snake_case, whatever the length
    ['Name', 'name'],
    ['time', 'times'], // one letter missing
    ['descripton', 'description'],
    ['delayMs', 'delay_ms'],
  ])('suggests the known name close to %s', (unknown, known) => {
    expect(didYouMean(unknown, fields)).toBe(`; did you mean "${known}"?`);
  });

  it.each([
    ['x'], // too short to be a typo of anything
    ['nom'],
    ['colour'],
    ['stat'], // two edits from status: too far for a short name
    ['a'.repeat(10_000)], // past any field's length: not compared at all
  ])('suggests nothing for %s', (unknown) => {
    expect(didYouMean(unknown, fields)).toBe('');
  });

  it('takes the closest, the first of equals', () => {
    expect(didYouMean('nane', ['lane', 'name'])).toBe('; did you mean "lane"?');
    expect(didYouMean('naem', ['lane', 'name'])).toBe('; did you mean "name"?');
  });
});
