import { expect } from 'vitest';
import { normalizePath } from '../../src/http/normalize-path.js';
import { findOperation } from '../../src/proxy/find-operation.js';
import { validateResponse } from '../../src/proxy/validate-response.js';
import { contractProblems } from './spec-contract.js';
import type { Connection } from './transports.js';

/** A response as the tests look at it. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON's shape.
  body: any;
}

/** Options of one request. */
export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** A raw body, sent as is. */
  raw?: BodyInit;
  headers?: Record<string, string>;
  /** Skip the spec check (for requests the spec cannot describe, e.g. the control API). */
  unchecked?: boolean;
}

/** Calls the API through a connection and fails the test when the response breaks the spec. */
export function apiClient(connection: Connection, defaultKey: string | null = null) {
  return async function call(
    method: string,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null) headers['x-api-key'] = key;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = `${connection.baseUrl}${path}`;
    const response = await connection.fetch(url, { method, headers, body });
    const text = await response.text();
    const json = text === '' ? undefined : JSON.parse(text);
    if (!options.unchecked && !path.startsWith('/__mock')) {
      expect(contractProblems(method, url, response.status, response.headers, json)).toEqual([]);
      // The proxy's own validator must agree with ajv on every real answer: no false positives.
      const match = findOperation(method, normalizePath(new URL(url).pathname));
      if (match.kind === 'found') {
        const body = method === 'HEAD' ? null : text;
        expect(validateResponse(match.target, response.status, response.headers, body)).toEqual([]);
      }
    }
    return { status: response.status, headers: response.headers, body: json };
  };
}

/** The function `apiClient` returns. */
export type Call = ReturnType<typeof apiClient>;
