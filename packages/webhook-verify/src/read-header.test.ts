import { describe, expect, it } from 'vitest';
import { readHeader, type WebhookHeaders } from './read-header.js';

const twice = new Headers({ 'x-a': '1' });
twice.append('x-a', '2');

describe('readHeader', () => {
  it.each<[string, WebhookHeaders, string | undefined | null]>([
    ['record, lower case', { 'x-a': '1' }, '1'],
    ['record, any case', { 'X-A': '1' }, '1'],
    ['record, trimmed', { 'x-a': ' 1\t' }, '1'],
    ['record, absent', { 'x-b': '1' }, undefined],
    ['record, undefined value', { 'x-a': undefined }, undefined],
    // A copy that unsets a header in another case ({ ...req.headers, 'X-A': undefined }): no repeat.
    ['record, an undefined key beside the value', { 'x-a': '1', 'X-A': undefined }, '1'],
    ['record, empty value', { 'x-a': '' }, undefined],
    ['record, two keys', { 'x-a': '1', 'X-A': '1' }, null],
    ['record, array of one', { 'x-a': ['1'] }, '1'],
    ['record, array of two', { 'x-a': ['1', '2'] }, null],
    ['record, empty array', { 'x-a': [] }, undefined],
    ['record, comma-joined', { 'x-a': '1, 2' }, null],
    ['Headers', new Headers({ 'X-A': '1' }), '1'],
    ['Headers, absent', new Headers(), undefined],
    ['Headers, appended twice', twice, null],
    ['Map, lower case', new Map([['x-a', '1']]), '1'],
    ['Map, absent', new Map(), undefined],
    // Outside the type, from JavaScript: a number is read as its text, not as a repeated header.
    ['record, a number', { 'x-a': 1 } as unknown as WebhookHeaders, '1'],
    ['record, null', { 'x-a': null } as unknown as WebhookHeaders, undefined],
    ['Map, a number', new Map([['x-a', 1]]) as unknown as WebhookHeaders, '1'],
    // Spaces inside are kept, only the runs at either end go.
    ['record, spaces inside', { 'x-a': ' a \t b\t ' }, 'a \t b'],
    ['record, only spaces', { 'x-a': ' \t ' }, undefined],
    ['record, U+00A0 inside a run', { 'x-a': 'a \u00a0 ' }, 'a \u00a0'],
  ])('%s', (_name, headers, expected) => {
    expect(readHeader(headers, 'x-a')).toBe(expected);
  });

  // An unsigned request's header, 64 KiB of spaces between two letters, took 3 s to trim (0.1 s at
  // Node's 16 KiB header limit): /[ \t]+$/ was tried from each space of the run. Nothing here times
  // it: it reads what it read, now in milliseconds (before, past the test's time limit).
  it('trims a header with a long run of spaces inside to the same value', () => {
    const run = ' '.repeat(65_536);
    expect(readHeader({ 'x-a': ` a${run}a${run}` }, 'x-a')).toBe(`a${run}a`);
    expect(readHeader({ 'x-a': `\ta${run}\t${run}b\t` }, 'x-a')).toBe(`a${run}\t${run}b`);
  });
});
