import { describe, expect, it } from 'vitest';
import { repeatedHeaderMessage } from './repeated-header.js';

const known = (part: string) => part === 'ap_test_right';

describe('repeatedHeaderMessage', () => {
  it.each([
    ['the right key twice', 'ap_test_right, ap_test_right', 2],
    ['the right key and another', 'ap_test_wrong, ap_test_right', 2],
    ['the same unknown key three times', 'k1234567, k1234567, k1234567', 3],
  ])('names a header sent more than once: %s', (_name, value, count) => {
    expect(repeatedHeaderMessage('x-api-key', value, known)).toBe(
      `x-api-key: appears more than once (${count} values, joined with commas); send it once`,
    );
  });

  it.each([
    ['an unknown key holding commas, sent once', 'ap_test_a,b,c'],
    ['an unknown key holding a comma and a space', 'my key, my rules'],
    ['one value', 'ap_test_right'],
    ['a missing header', null],
  ])('says nothing of %s', (_name, value) => {
    expect(repeatedHeaderMessage('x-api-key', value, known)).toBeNull();
  });
});
