import { describe, expect, it } from 'vitest';
import { deref, listOperations, loadSpec, type SpecNode } from './load-spec.js';

// Teams that generate their own client and docs from spec/openapi.yaml read it through other tools:
// Spectral's spectral:oas ruleset warns on an operation without a description, a rendered reference
// shows the summary as a title with nothing under it, and a generated type's field has no hover text.
const spec = loadSpec();

// Names that say all there is to say once info.description has said what ids and timestamps are,
// and the wrappers and tags whose schema says it: a description of these would restate the name.
const SELF_EXPLANATORY = new Set([
  ...['id', 'created_at', 'updated_at', 'data'],
  ...['name', 'title', 'description', 'notes', 'content', 'email'],
]);

/** Properties without a description, of a schema and of the objects, items and branches within it. */
function undescribed(schema: SpecNode, path: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object' || schema.$ref) return out;
  for (const [name, property] of Object.entries<SpecNode>(schema.properties ?? {})) {
    const target = deref(spec, property);
    const tag = target.const !== undefined || target.enum?.length === 1;
    if (!property.description && !target.description && !tag && !SELF_EXPLANATORY.has(name)) {
      out.push(`${path}.${name}`);
    }
    undescribed(property, `${path}.${name}`, out);
  }
  // Not `if` or an anyOf of required names: they restate properties described beside them.
  for (const branch of [...(schema.allOf ?? []), ...(schema.oneOf ?? [])]) {
    undescribed(branch, path, out);
  }
  if (schema.items) undescribed(schema.items, `${path}[]`, out);
  return out;
}

describe('spec/openapi.yaml read as documentation', () => {
  it("says in each operation's description the scopes that grant it, as x-scopes has them", () => {
    // Redoc and Swagger UI show no x- extension by default: a reader of the rendered reference (and
    // of a generated client's hover text) saw which scopes an operation needs nowhere.
    const names = (scopes: string[]) => scopes.map((scope) => `\`${scope}\``).join(' or ');
    const wrong: string[] = [];
    let checked = 0;
    for (const { method, path, op } of listOperations(spec)) {
      const scopes = op['x-scopes'] as { A: string[]; B: string[] } | undefined;
      if (scopes === undefined) continue;
      checked++;
      const { A, B } = scopes;
      const said =
        A.length === 0 && B.length === 0
          ? 'Needs no scope (any valid key may call it)'
          : names(A) === names(B)
            ? `Granted by ${names(A)} in either variant.`
            : `Granted by ${names(A)} in Variant A, by ${names(B)} in Variant B.`;
      if (!String(op.description).includes(said)) wrong.push(`${method} ${path}: ${said}`);
    }
    expect(wrong).toEqual([]);
    // Every operation but GET /v1/health, which takes no key.
    expect(checked).toBe(listOperations(spec).length - 1);
  });

  it('describes every operation beyond its summary (spectral:oas operation-description)', () => {
    const bare = listOperations(spec)
      .filter(({ op }) => typeof op.description !== 'string' || op.description.trim() === '')
      .map(({ method, path }) => `${method} ${path}`);
    expect(bare).toEqual([]);
  });

  it('describes every property whose name does not say it all', () => {
    const found = Object.entries<SpecNode>(spec.components.schemas).flatMap(([name, schema]) =>
      undescribed(schema, name),
    );
    expect(found).toEqual([]);
  });
});
