import { describe, expect, it } from 'vitest';
import { violationLine } from './violation-line.js';

describe('violationLine', () => {
  const base = {
    at: '2024-01-01T00:00:00.000Z',
    method: 'GET',
    path: '/v1/agents',
    operation_id: 'agentsList',
    status: 200,
    in: 'response' as const,
    field: 'data[3].status',
    rule: 'enum',
    message: 'data[3].status: must be one of "active", "inactive"',
  };

  it('says side, method, path, status, message and rule on one line', () => {
    expect(violationLine(base)).toBe(
      'agent-platform-mock: violation response GET /v1/agents 200 data[3].status: must be one of "active", "inactive" (enum)\n',
    );
  });

  it('writes - for a request not forwarded, and escapes line breaks an upstream put in a message', () => {
    const line = violationLine({
      ...base,
      in: 'request',
      status: null,
      message: 'x\ny: is required',
    });
    expect(line).toBe(
      'agent-platform-mock: violation request GET /v1/agents - x\\u000ay: is required (enum)\n',
    );
  });
});
