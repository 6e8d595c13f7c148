import { expect, it } from 'vitest';
import { signatureHeaders } from './signature-headers.js';
import { variantAHeaders } from './variant-a.js';
import { variantBHeaders } from './variant-b.js';

// Written out (a reference to the others cost the core bytes): held to the public names here.
it('names the signature headers the variants export', () => {
  expect(signatureHeaders).toEqual({ A: variantAHeaders.signature, B: variantBHeaders.signature });
});
