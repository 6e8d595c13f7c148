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
  ])('%s', (_name, headers, expected) => {
    expect(readHeader(headers, 'x-a')).toBe(expected);
  });
});
