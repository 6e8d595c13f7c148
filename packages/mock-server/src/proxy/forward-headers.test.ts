import { describe, expect, it } from 'vitest';
import { forwardHeaders } from './forward-headers.js';

describe('forwardHeaders', () => {
  it('drops hop-by-hop headers, those Connection names and the framing; keeps the rest and each cookie', () => {
    const from = new Headers([
      ['connection', 'keep-alive, x-hop'],
      ['keep-alive', 'timeout=5'],
      ['x-hop', '1'],
      ['transfer-encoding', 'chunked'],
      ['content-length', '12'],
      ['host', 'proxy.test'],
      ['x-api-key', 'k'],
      ['content-type', 'application/json'],
      ['set-cookie', 'a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT'],
      ['set-cookie', 'b=2'],
    ]);
    const out = forwardHeaders(from, ['content-type']);
    expect([...new Set(out.keys())].sort()).toEqual(['set-cookie', 'x-api-key']);
    expect(out.getSetCookie()).toEqual(['a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 'b=2']);
  });
});
