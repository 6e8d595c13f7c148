import { describe, expect, it } from 'vitest';
import { duplicateKey } from './duplicate-key.js';

describe('duplicateKey', () => {
  it.each([
    ['{"name":"a","name":"b"}', 'name'],
    ['{"metadata":{"a":1,"b":2,"a":3}}', 'metadata.a'],
    ['{"items":[{"text":"x"},{"text":"y","text":"z"}]}', 'items[1].text'],
    // The same key however it is escaped: JSON.parse keeps the last of them.
    ['{"name":"a","n\\u0061me":"b"}', 'name'],
    ['[{"a":1,"a":1}]', '[0].a'],
    ['{"a\\"b":1, "a\\"b" :2}', 'a"b'],
    // An array closed is left: the keys after it are the object's again.
    ['{"tags":["x"],"tags":[]}', 'tags'],
  ])('names the key %s repeats: %s', (text, field) => {
    expect(duplicateKey(text)).toBe(field);
  });

  it.each([
    '{"name":"a"}',
    '{"a":{"x":1},"b":{"x":1}}',
    '{"a":"b","b":"a"}',
    '{"a":["a","a"],"b":[{"a":1},{"a":1}]}',
    '{"a":"{\\"a\\":1,\\"a\\":2}"}',
    '{"a\\\\":1,"a":2}',
    '[]',
    '"x"',
    '{}',
  ])('finds none in %s', (text) => {
    expect(duplicateKey(text)).toBeUndefined();
  });
});
