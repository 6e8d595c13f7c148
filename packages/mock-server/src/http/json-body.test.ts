import { describe, expect, it } from 'vitest';
import { jsonBodyText } from './json-body.js';

/** The body's text as jsonBodyText reads it with `headers`, or the message of its 400. */
function read(headers: Record<string, string>): string {
  try {
    return jsonBodyText(new TextEncoder().encode('{}'), {
      header: (name) => headers[name] ?? null,
    });
  } catch (error) {
    return (error as { details?: { message: string }[] }).details?.[0]?.message ?? String(error);
  }
}

describe('jsonBodyText', () => {
  it('tells a Content-Type sent twice (joined with a comma) from one whose quoted parameter holds commas', () => {
    expect(read({ 'content-type': 'text/plain, application/json' })).toBe(
      'body: must be sent with one Content-Type, not 2 (text/plain, application/json); send application/json once',
    );
    for (const one of [
      'application/json',
      'application/json; x="a,b"',
      'application/json; x="a\\",b", ',
      // Empty parts are none: a header of commas is one value, read in one pass whatever its length.
      `application/json; x=${','.repeat(16_000)}`,
    ]) {
      expect(read({ 'content-type': one }), one).toBe('{}');
    }
    expect(read({ 'content-type': 'application/json; x="a", application/json' })).toMatch(/not 2 /);
  });

  it('refuses a body compressed in Transfer-Encoding; chunked alone is no compression', () => {
    const json = { 'content-type': 'application/json' };
    for (const coding of ['chunked', 'identity, chunked', 'Chunked']) {
      expect(read({ ...json, 'transfer-encoding': coding }), coding).toBe('{}');
    }
    expect(read({ ...json, 'transfer-encoding': 'gzip, chunked' })).toBe(
      'body: must be sent uncompressed, not with Transfer-Encoding: gzip, chunked',
    );
  });
});
