import { describe, expect, it } from 'vitest';
import { canonicalFaultPath, compileFaultPath } from './faults.js';

const compiled = (path: string) => compileFaultPath(canonicalFaultPath(path));

describe('compileFaultPath', () => {
  it('reads a {name} that is a whole segment as any one segment', () => {
    const template = compiled('/v1/agents/{id}');
    expect(template.test('/v1/agents/abc')).toBe(true);
    expect(template.test('/v1/agents/a/b')).toBe(false);
    expect(compiled('/v1/agents/{id}/trainings*').test('/v1/agents/x/trainings/t1')).toBe(true);
  });

  it('reads braces inside a segment as text: {a}{b} and x{a} are no templates', () => {
    // Several placeholders in one segment ([^/]+[^/]+...) backtracked on a long segment: a fault
    // or journal filter on /v1/agents/{a}{b}...{l}x held the server 16 s on a 40-character id.
    for (const path of ['/v1/agents/{a}{b}', '/v1/agents/x{a}', '/v1/agents/{a}-{b}']) {
      const pattern = compiled(path);
      expect(pattern.test('/v1/agents/ab')).toBe(false);
      expect(pattern.test('/v1/agents/xa')).toBe(false);
      expect(pattern.test('/v1/agents/a-b')).toBe(false);
      expect(pattern.test(canonicalFaultPath(path.replace(/[{}]/g, encodeURIComponent)))).toBe(
        true,
      );
    }
    const many = compiled(`/v1/agents/${'{a}'.repeat(26)}x`);
    expect(many.test(`/v1/agents/${'a'.repeat(2000)}`)).toBe(false);
    const dashed = compiled(`/v1/agents/${'{a}-'.repeat(26)}x`);
    expect(dashed.test(`/v1/agents/${'-'.repeat(2000)}`)).toBe(false);
  });
  it('keeps a segment that does not decode, and an escaped *, as they are', () => {
    // A stray `%` is compared as it is; `%2A` is a literal star, no wildcard and not dropped.
    expect(canonicalFaultPath('/v1/agents/%zz/x')).toBe('/v1/agents/%zz/x');
    expect(compiled('/v1/agents/%zz').test('/v1/agents/%zz')).toBe(true);
    expect(canonicalFaultPath('/v1/agents/a%2a')).toBe('/v1/agents/a%2A');
    expect(compiled('/v1/agents/a%2A').test('/v1/agents/a')).toBe(false);
    expect(compiled('/v1/agents/a%2A').test('/v1/agents/a%2A')).toBe(true);
  });
});
