import { describe, expect, it } from 'vitest';
import { normalizePath } from './normalize-path.js';

describe('normalizePath', () => {
  it('decodes escapes of unreserved characters, in either case of hex', () => {
    expect(normalizePath('/v1/ag%65nts')).toBe('/v1/agents');
    expect(normalizePath('/%5F_mock/%7e%2d%2E%41%7A%30')).toBe('/__mock/~-.Az0');
  });

  it('keeps the escapes of reserved and other characters, and a malformed %', () => {
    expect(normalizePath('/v1/agents/a%2Fb')).toBe('/v1/agents/a%2Fb');
    expect(normalizePath('/v1/contacts/%20x%25%C3%A9')).toBe('/v1/contacts/%20x%25%C3%A9');
    expect(normalizePath('/v1/100%/%zz%4')).toBe('/v1/100%/%zz%4');
  });

  it('returns a path without % as it is', () => {
    expect(normalizePath('/v1/agents')).toBe('/v1/agents');
  });
});
