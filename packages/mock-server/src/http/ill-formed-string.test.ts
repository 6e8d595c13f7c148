import { describe, expect, it } from 'vitest';
import { illFormedString, wellFormedDetail } from './ill-formed-string.js';

describe('illFormedString', () => {
  it.each([
    ['{"name":"\\ud800"}', 'name'],
    ['{"name":"ok","metadata":{"a":"x\\uDFFFy"}}', 'metadata.a'],
    ['{"options":["a","\\udc00\\ud800"]}', 'options[1]'],
    // A key is named by the object that holds it.
    ['{"metadata":{"\\ud83d":1}}', 'metadata'],
    ['{"\\ud83d":1}', 'body'],
    // A body that is an array: its items are named from the root, the first one too.
    ['["\\ud800"]', '[0]'],
    // A null on the way is no object to walk into.
    ['{"a":null,"b":[null,"\\udc00"]}', 'b[1]'],
  ])('names the string of %s that is no Unicode text: %s', (text, field) => {
    expect(illFormedString(text, JSON.parse(text))?.field).toBe(field);
  });

  it('gives the lone half, as an escape', () => {
    expect(illFormedString('{"a":"x\\uDC00"}', { a: 'x\udc00' })).toEqual({
      field: 'a',
      unit: '\\udc00',
    });
  });

  it.each([
    '{"name":"\\ud83d\\ude00"}',
    '{"name":"😀 café"}',
    '{"name":"\\\\ud800"}',
    '{"a":[1,true,null,{"b":"\\u00e9"}]}',
  ])('finds none in %s', (text) => {
    expect(illFormedString(text, JSON.parse(text))).toBeUndefined();
  });
});

describe('wellFormedDetail', () => {
  it('writes as escapes the halves of pairs in the field alone, or the message alone, every one', () => {
    expect(
      wellFormedDetail({ field: 'a\ud800', rule: 'unknown', message: 'is not allowed' }),
    ).toEqual({ field: 'a\\ud800', rule: 'unknown', message: 'is not allowed' });
    expect(
      wellFormedDetail({
        field: 'status',
        rule: 'enum',
        message: '"\ud800\udc00x\udc00\ud800" is not one',
      }),
    ).toEqual({
      field: 'status',
      rule: 'enum',
      message: '"\ud800\udc00x\\udc00\\ud800" is not one',
    });
  });

  it('gives an issue with no half of a pair as it is', () => {
    const issue = { field: 'name', rule: 'type', message: 'must be a string 😀' };
    expect(wellFormedDetail(issue)).toBe(issue);
  });
});
