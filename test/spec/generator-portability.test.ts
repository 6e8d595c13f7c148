import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { deref, listOperations, loadSpec, type SpecNode, specNodes } from './load-spec.js';

// Teams that do not use our SDK feed spec/openapi.yaml to their own generator (openapi-zod-client,
// orval, @hey-api/openapi-ts, kubb). Where JSON Schema offers two equally correct forms and one of
// them breaks a common generator, the spec uses the other; each rule here names what broke.
const spec = loadSpec();

const nodes = specNodes(spec);

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
  it("declares no enum inline in a parameter: a filter's values are the component its field has", () => {
    // openapi-python-client and oapi-codegen made two unrelated types of each inline copy (AgentStatus
    // and AgentsListStatus), which a user had to convert between to filter by a value they had read.
    const inline: string[] = [];
    for (const { path, op } of listOperations(spec)) {
      for (const parameter of op.parameters ?? []) {
        const { name, schema } = deref(spec, parameter);
        if (schema?.enum) inline.push(`${path} ${name}`);
      }
    }
    for (const [name, parameter] of Object.entries<SpecNode>(spec.components.parameters)) {
      if (parameter.schema?.enum) inline.push(`#/components/parameters/${name}`);
    }
    expect(inline).toEqual([]);
    expect(spec.components.schemas.Agent.properties.status.$ref).toBe(
      '#/components/schemas/AgentStatus',
    );
  });

  it("names the error envelope's body, which every generated client wraps as its error type", () => {
    // Inline, it was `ErrorError` (openapi-generator) or `ErrorError1` in the clients of other languages.
    expect(spec.components.schemas.Error.properties.error).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(spec.components.schemas.ErrorBody.required).toEqual(['code', 'message', 'status']);
  });

  it('lists first a server whose url is an address, not a variable', () => {
    // Generators take the first server's url as the client's default and fill in no variable:
    // for '{base_url}', @hey-api/openapi-ts's client had no base URL (every call an invalid URL)
    // and swagger-typescript-api's was the string '{base_url}'.
    const [first] = spec.servers;
    expect(first.url).toMatch(/^https?:\/\/[^{}]+$/);
    expect(first.variables).toBeUndefined();
  });

  describe('patterns, which validators of other languages compile with their own engines', () => {
    const patterns = [
      ...new Set(nodes.map(({ node }) => node.pattern).filter((p) => typeof p === 'string')),
    ];

    it('use what every engine has: no lookaround, \\p{...} or \\u escape, and are anchored at both ends', () => {
      // A lookbehind and \p{Extended_Pictographic} made openapi-spec-validator (and so openapi-core)
      // refuse the whole document, and Java's Pattern and pydantic fail to compile; Go's RE2 has no
      // lookaround nor \u (the spec writes such characters themselves, as YAML escapes). Java bean
      // validation (@Pattern) and Python clients (re.match) match from the start or the whole
      // string, where JSON Schema searches: `[^\s]` refused "Support Agent" in a Spring client.
      expect(patterns.length).toBeGreaterThan(10);
      for (const pattern of patterns) {
        expect(pattern, pattern).not.toMatch(/\(\?<?[=!]|\\[pPu]/);
        expect(pattern, pattern).toMatch(/^\^[\s\S]*\$$/);
        // ECMA-262 with and without the u flag (openapi-zod-client and orval write new RegExp(p)).
        expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
        expect(() => new RegExp(pattern), pattern).not.toThrow();
      }
    });

    // Python's re, as openapi-spec-validator, openapi-core and pydantic use it. CI installs python3
    // (.ci/run); a machine without it skips, saying so.
    const python = (() => {
      try {
        execFileSync('python3', ['--version']);
        return true;
      } catch {
        return process.env.CI === 'true';
      }
    })();
    it.skipIf(!python)("compile in Python's re, and match there as here", () => {
      const samples = [
        'Support Agent',
        '   ',
        'https://x.example/a',
        'plan ',
        'vip \u2764\ufe0f',
        '',
      ];
      const program = [
        'import json, re, sys',
        'patterns, samples = json.load(sys.stdin)',
        'print(json.dumps([[re.search(p, s) is not None for s in samples] for p in patterns]))',
      ].join('\n');
      const out = execFileSync('python3', ['-c', program], {
        input: JSON.stringify([patterns, samples]),
        encoding: 'utf8',
      });
      const here = patterns.map((p) => samples.map((s) => new RegExp(p, 'u').test(s)));
      expect(JSON.parse(out)).toEqual(here);
    });
  });
});
