import { describe, expect, it } from 'vitest';
import { outageLines } from './outage-line.js';

const REFUSED = {
  status: 502,
  code: 'UPSTREAM_UNREACHABLE',
  message: 'upstream http://127.0.0.1:9: no answer to GET /v1/agents (ECONNREFUSED)',
} as const;

describe('outageLines', () => {
  it("says an upstream's failure once per outage: the first, then the first after it answered", () => {
    const line = outageLines();
    const said = [REFUSED, REFUSED, null, null, REFUSED, REFUSED].map(line);
    expect(said).toEqual([
      'agent-platform-mock: upstream http://127.0.0.1:9: no answer to GET /v1/agents (ECONNREFUSED), 502 UPSTREAM_UNREACHABLE; further failures unsaid until it answers again\n',
      undefined,
      undefined,
      undefined,
      'agent-platform-mock: upstream http://127.0.0.1:9: no answer to GET /v1/agents (ECONNREFUSED), 502 UPSTREAM_UNREACHABLE; further failures unsaid until it answers again\n',
      undefined,
    ]);
  });

  it('keeps the line one line whatever the failure quotes', () => {
    const line = outageLines()({ ...REFUSED, message: 'upstream x: no answer (a\nb)' });
    expect(line?.split('\n')).toHaveLength(2);
    expect(line).toContain('(a\\nb)');
  });
});
