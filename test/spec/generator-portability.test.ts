import { describe, expect, it } from 'vitest';
import { loadSpec, type SpecNode } from './load-spec.js';

// Teams that do not use our SDK feed spec/openapi.yaml to their own generator (openapi-zod-client,
// orval, @hey-api/openapi-ts, kubb). Where JSON Schema offers two equally correct forms and one of
// them breaks a common generator, the spec uses the other; each rule here names what broke.
const spec = loadSpec();

/** Every object node of the spec with its JSON path, examples left out (they hold data, not schemas). */
function walk(node: SpecNode, path = '#', out: { path: string; node: SpecNode }[] = []) {
  if (node === null || typeof node !== 'object') return out;
  if (!Array.isArray(node)) out.push({ path, node });
  for (const [key, child] of Object.entries<SpecNode>(node)) {
    if (key === 'examples' || key === 'example') continue;
    walk(child, `${path}/${key}`, out);
  }
  return out;
}
const nodes = walk(spec);

describe('spec/openapi.yaml read by other generators', () => {
  it('lists no null in an enum: a nullable enum is anyOf [the enum, null]', () => {
    // openapi-zod-client writes `type: [string, 'null'], enum: [a, null]` as z.enum(['a', null]),
    // which does not compile; anyOf gives z.union([z.enum(['a']), z.null()]).
    const found = nodes
      .filter(({ node }) => Array.isArray(node.enum) && node.enum.includes(null))
      .map(({ path }) => path);
    expect(found).toEqual([]);
  });
});
