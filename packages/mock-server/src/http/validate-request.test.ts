import { describe, expect, it } from 'vitest';
import { schemas } from '../generated/schemas.js';
import { resolveRef } from './validate-request.js';

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
