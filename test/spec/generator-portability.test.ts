import { describe, expect, it } from 'vitest';
import { deref, loadSpec, type SpecNode } from './load-spec.js';

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

  it("tags each branch of a discriminated union with a one-value enum, the mapping's key, not a const", () => {
    // openapi-zod-client reads no `const`: the tag became z.string(), and the module threw at import
    // (z.discriminatedUnion found no literal to tell the branches apart). It reads `enum: [text]`
    // as z.literal('text'), as every other generator does.
    const tags: string[] = [];
    for (const { path, node } of nodes.filter(({ node }) => node.discriminator)) {
      const { propertyName, mapping } = node.discriminator;
      for (const [tag, ref] of Object.entries<string>(mapping ?? {})) {
        const property = deref(spec, { $ref: ref }).properties?.[propertyName];
        expect(property, `${path}: ${ref}`).toEqual({ type: 'string', enum: [tag] });
        tags.push(tag);
      }
      expect(Object.keys(mapping ?? {}).length, `${path}: a mapping for each branch`).toBe(
        (node.oneOf ?? node.anyOf).length,
      );
    }
    expect(tags).toContain('text');
  });

  it('gives no schema properties beside an allOf, anyOf or oneOf: they go in a branch', () => {
    // orval's zod and openapi-zod-client read the combinator and drop the sibling properties: a
    // contact body parsed with orval's schema lost email, phone and custom_fields, unchecked.
    const found = nodes
      .filter(({ node }) => node.properties && (node.allOf || node.anyOf || node.oneOf))
      .map(({ path }) => path);
    expect(found).toEqual([]);
    expect(spec.components.schemas.ContactCreate.allOf[0].properties).toHaveProperty(
      'custom_fields',
    );
  });
  it('lists first a server whose url is an address, not a variable', () => {
    // Generators take the first server's url as the client's default and fill in no variable:
    // for '{base_url}', @hey-api/openapi-ts's client had no base URL (every call an invalid URL)
    // and swagger-typescript-api's was the string '{base_url}'.
    const [first] = spec.servers;
    expect(first.url).toMatch(/^https?:\/\/[^{}]+$/);
    expect(first.variables).toBeUndefined();
  });
});
