import { describe, expect, it } from 'vitest';
import { ANSWER_HEADERS, AGENT as agent, page } from '../../test/support/proxy-answers.js';
import { responses } from '../generated/responses.js';
import { validateResponse } from './validate-response.js';

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  ...ANSWER_HEADERS,
};

const errorBody = (status: number, code: string) =>
  JSON.stringify({ error: { code, message: 'x: is wrong', status } });
const CODES: Record<string, string> = {
  '400': 'VALIDATION_ERROR',
  '401': 'UNAUTHORIZED',
  '403': 'FORBIDDEN',
  '404': 'NOT_FOUND',
  '409': 'CONFLICT',
  '413': 'PAYLOAD_TOO_LARGE',
  '429': 'RATE_LIMIT_EXCEEDED',
  '500': 'INTERNAL_ERROR',
  '503': 'SERVICE_UNAVAILABLE',
};

describe('validateResponse', () => {
  it('passes a good list page, a single resource and a 204', () => {
    const list = JSON.stringify(page([agent, agent]));
    expect(validateResponse('agentsList', 200, JSON_HEADERS, list)).toEqual([]);
    const one = new TextEncoder().encode(JSON.stringify({ data: agent }));
    expect(validateResponse('agentsRetrieve', 200, new Headers(JSON_HEADERS), one)).toEqual([]);
    expect(validateResponse('agentsDelete', 204, ANSWER_HEADERS, '')).toEqual([]);
  });

  it('passes every error status the spec declares, with the error envelope', () => {
    let checked = 0;
    for (const [operationId, byStatus] of Object.entries(responses)) {
      for (const status of Object.keys(byStatus)) {
        if (status.startsWith('2')) continue;
        const headers = { ...JSON_HEADERS, 'retry-after': '60' };
        const body =
          operationId === 'healthRetrieve' && status === '503'
            ? JSON.stringify({
                status: 'maintenance',
                timestamp: '2024-01-01T00:00:00Z',
                ...JSON.parse(errorBody(503, 'SERVICE_UNAVAILABLE')),
              })
            : errorBody(Number(status), CODES[status] as string);
        const issues = validateResponse(
          operationId as keyof typeof responses,
          Number(status),
          headers,
          body,
        );
        expect(issues, `${operationId} ${status}`).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('names an undeclared status (rule status) with the declared ones', () => {
    expect(validateResponse('agentsList', 418, JSON_HEADERS, '{}')).toEqual([
      {
        field: 'status',
        rule: 'status',
        message:
          'status: 418 is not declared for agentsList (GET /v1/agents declares 200, 400, 401, 403, 429, 500, 503)',
      },
    ]);
  });

  it('names a missing required field, a wrong enum and a wrong type by their paths', () => {
    const { name: _, ...nameless } = agent;
    const body = page([agent, nameless, agent, { ...agent, status: 'paused', temperature: '1' }]);
    expect(validateResponse('agentsList', 200, JSON_HEADERS, JSON.stringify(body))).toEqual([
      { field: 'data[1].name', rule: 'required', message: 'data[1].name: is required' },
      {
        field: 'data[3].status',
        rule: 'enum',
        message: 'data[3].status: must be one of "active", "inactive"',
      },
      {
        field: 'data[3].temperature',
        rule: 'type',
        message: 'data[3].temperature: must be a number',
      },
    ]);
  });

  it('names a body that is not JSON (rule json) and a JSON answer sent as text/html (content-type)', () => {
    const html = { ...JSON_HEADERS, 'content-type': 'text/html' };
    expect(validateResponse('agentsList', 200, html, '<html>oops</html>')).toEqual([
      {
        field: 'body',
        rule: 'content-type',
        message: 'body: must be sent as Content-Type: application/json, not "text/html"',
      },
      expect.objectContaining({ field: 'body', rule: 'json' }),
    ]);
    const truncated = validateResponse('agentsList', 200, JSON_HEADERS, '{"data": [');
    expect(truncated).toEqual([expect.objectContaining({ field: 'body', rule: 'json' })]);
    expect(truncated[0]?.message).toMatch(/^body: must be valid JSON \(/);
    // The parser's message quotes the text around the error: an answer's secret is not repeated.
    const secret = 'whsec_0123456789abcdef';
    const leaky = validateResponse(
      'webhooksCreate',
      201,
      JSON_HEADERS,
      `{"data": {"secret": ${secret}}}`,
    );
    expect(leaky).toEqual([expect.objectContaining({ field: 'body', rule: 'json' })]);
    expect(leaky[0]?.message).toMatch(/^body: must be valid JSON \(/);
    expect(leaky[0]?.message).not.toMatch(/whsec|0123/);
    const empty = validateResponse('agentsList', 200, JSON_HEADERS, '');
    expect(empty).toEqual([
      { field: 'body', rule: 'json', message: 'body: must be JSON; the answer has no body' },
    ]);
    const noType = { ...JSON_HEADERS };
    delete (noType as Record<string, string>)['content-type'];
    expect(validateResponse('agentsList', 200, noType, JSON.stringify(page([])))).toEqual([
      {
        field: 'body',
        rule: 'content-type',
        message: 'body: must be sent as Content-Type: application/json, not without a Content-Type',
      },
    ]);
  });

  it('names a body on an answer that has none (204)', () => {
    expect(validateResponse('agentsDelete', 204, JSON_HEADERS, '{}')).toEqual([
      { field: 'body', rule: 'empty', message: 'body: must be empty: 204 has no body' },
    ]);
  });

  it('checks the declared headers: a required one missing, a value of the wrong type or format', () => {
    const { 'x-ratelimit-remaining': _, ...missing } = JSON_HEADERS;
    const bad = { ...missing, 'x-request-id': 'abc', 'x-ratelimit-limit': 'lots' };
    expect(validateResponse('agentsList', 200, bad, JSON.stringify(page([])))).toEqual([
      { field: 'X-Request-Id', rule: 'format', message: 'X-Request-Id: must be a UUID' },
      {
        field: 'X-RateLimit-Limit',
        rule: 'type',
        message: 'X-RateLimit-Limit: must be an integer',
      },
      {
        field: 'X-RateLimit-Remaining',
        rule: 'required',
        message: 'X-RateLimit-Remaining: is a required header',
      },
    ]);
  });

  it('checks only status and headers when the body was not read (null: a HEAD)', () => {
    expect(validateResponse('agentsList', 200, JSON_HEADERS, null)).toEqual([]);
  });

  it('throws for an operation the spec does not have', () => {
    expect(() => validateResponse('agentsLst' as 'agentsList', 200, {}, null)).toThrow(
      /operation: "agentsLst" is not an operationId of the spec/,
    );
  });

  it('refuses, from JavaScript, headers that are no object and a body of another type, saying what it takes', () => {
    // validateResponse(op, res.status, undefined, text) threw 'Cannot convert undefined or null to
    // object'; a number for the body was 'body: must be UTF-8 JSON', a rule of the answer's.
    const check = validateResponse as (...args: unknown[]) => unknown;
    expect(() => check('agentsList', 200, undefined, '{}')).toThrow(
      new TypeError('headers: must be a Headers or an object of header names, not undefined'),
    );
    expect(() => check('agentsList', 200, JSON_HEADERS, 42)).toThrow(
      new TypeError('body: must be a string, a Uint8Array or null, not 42'),
    );
  });
});
