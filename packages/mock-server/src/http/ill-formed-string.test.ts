import { describe, expect, it } from 'vitest';
import { illFormedString } from './ill-formed-string.js';

describe('illFormedString', () => {
  it.each([
    ['{"name":"\\ud800"}', 'name'],
    ['{"name":"ok","metadata":{"a":"x\\uDFFFy"}}', 'metadata.a'],
    ['{"options":["a","\\udc00\\ud800"]}', 'options[1]'],
    // A key is named by the object that holds it.
    ['{"metadata":{"\\ud83d":1}}', 'metadata'],
    ['{"\\ud83d":1}', 'body'],
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
