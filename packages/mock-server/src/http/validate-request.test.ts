import { describe, expect, it, vi } from 'vitest';
import { operations } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { checkQueryParameters, resolveRef, validateRequest } from './validate-request.js';

describe('resolveRef', () => {
  it("resolves a reference to one of the spec's schemas", () => {
    expect(resolveRef('#/components/schemas/Agent')).toBe(schemas.Agent);
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'NoSuchSchema'])(
    'refuses #/components/schemas/%s, which the spec does not define (an inherited name is none)',
    (name) => {
      // A plain object's lookup found Object.prototype's members: a function taken for a schema.
      expect(() => resolveRef(`#/components/schemas/${name}`)).toThrow(
        `unknown schema reference #/components/schemas/${name}`,
      );
    },
  );
});

describe('validateRequest', () => {
  it('decodes a body once, for JSON.parse and the scan of its text alike', () => {
    // Decoding 900 KB with the fatal decoder takes about as long as the scans after it.
    const op = operations.find((o) => o.operationId === 'contactsCreate');
    if (op === undefined) throw new Error('no contactsCreate');
    const body = new TextEncoder().encode('{"name":"Ada","name":"Ada"}');
    const request = {
      header: (name: string) => (name === 'content-type' ? 'application/json' : null),
    };
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      expect(() => validateRequest(op, {}, '', body, request, 'A')).toThrow(
        'name: must be given once',
      );
      expect(decode).toHaveBeenCalledTimes(1);
    } finally {
      decode.mockRestore();
    }
  });
});

describe('checkQueryParameters', () => {
  it("fills in a parameter's default, its component's too (order: SortOrder's desc)", () => {
    // The default went unread once `order` named a component: the handler saw no order at all.
    const op = operations.find((o) => o.operationId === 'agentsList');
    if (op === undefined) throw new Error('no agentsList');
    const known = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
    expect(checkQueryParameters(known, '')).toEqual({ page: 1, limit: 20, order: 'desc' });
    expect(checkQueryParameters(known, '?order=asc')).toMatchObject({ order: 'asc' });
  });
});
