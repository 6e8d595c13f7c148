import { describe, expect, it } from 'vitest';
import { mediaTypeOf } from './media-type.js';

describe('mediaTypeOf', () => {
  it.each([
    ['https://cdn.test/photos/Receipt.JPG', 'image/jpeg'],
    ['https://cdn.test/v.ogg?sig=abc', 'audio/ogg'],
    [null, null],
    // Not known: null, as the spec says, never another value.
    ['https://cdn.test/p.constructor', null],
    ['https://cdn.test/no-extension', null],
    ['https://cdn.test/', null],
    // A path ending in a dot has an empty extension: still null, not ''.
    ['https://cdn.test/photo.', null],
  ])('reads %s as %s', (url, type) => {
    expect(mediaTypeOf(url)).toBe(type);
  });
});
