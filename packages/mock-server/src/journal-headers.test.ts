import { describe, expect, it } from 'vitest';
import { journalHeaders } from './journal-headers.js';

describe('journalHeaders', () => {
  it("reads node's rawHeaders as fetch reads a request's: lower case, in order of name, repeats joined", () => {
    const raw = ['Host', 'localhost:4010', 'X-Trace', 'a', 'Accept', '*/*', 'x-trace', 'b'];
    const shown = journalHeaders([...raw, 'Connection', 'keep-alive', 'Content-Length', '2']);
    expect(shown).toEqual({ accept: '*/*', 'x-trace': 'a, b' });
    expect(Object.keys(shown)).toEqual(['accept', 'x-trace']);
    const headers = new Headers([
      ['X-Trace', 'a'],
      ['Accept', '*/*'],
      ['x-trace', 'b'],
    ]);
    expect(journalHeaders(headers)).toEqual(shown);
  });

  it('shows each credential present, in any case and however often sent, never its value', () => {
    const credentials = ['Authorization', 'Cookie', 'Proxy-Authorization', 'X-Api-Key'];
    const raw = [...credentials, 'X-Mock-Admin-Token', 'authorization'].flatMap((name) => [
      name,
      'secret',
    ]);
    expect(journalHeaders(raw)).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-api-key': '[redacted]',
      'x-mock-admin-token': '[redacted]',
    });
  });

  it('keeps a header named __proto__ as its own key, and each set-cookie a Headers gives', () => {
    const shown = journalHeaders(['__proto__', 'x', 'A', '1']);
    expect(Object.keys(shown)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(JSON.stringify(shown)).toBe('{"__proto__":"x","a":"1"}');
    const headers = new Headers([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    expect(journalHeaders(headers)).toEqual({ 'set-cookie': 'a=1, b=2' });
  });
});
