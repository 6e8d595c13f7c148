// Finds the spec's examples and the schemas they must meet, checks them with Ajv, and lists the
// request bodies and responses without one; used by examples.test.ts.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { schemaLists, schemaMaps, schemaValues } from '../../scripts/lib/schema-keywords.mjs';
import { deref, listOperations, type SpecNode } from './load-spec.js';

const pointer = (path: (string | number)[]) =>
  `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** One example of the spec and the schema it must meet, both as JSON pointers into the spec. */
export interface ExampleSite {
  example: string;
  schema: string;
  value: unknown;
}

/** Every schema of the spec, with its pointer: the components' and those inline in the paths. */
export function schemaSites(doc: SpecNode): { path: (string | number)[]; node: SpecNode }[] {
  const out: { path: (string | number)[]; node: SpecNode }[] = [];
  const visitSchema = (node: SpecNode, path: (string | number)[]) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    out.push({ path, node });
    for (const key of schemaMaps) {
      for (const [name, sub] of Object.entries<SpecNode>(node[key] ?? {}))
        visitSchema(sub, [...path, key, name]);
    }
    for (const key of schemaLists) {
      for (const [i, sub] of (node[key] ?? []).entries()) visitSchema(sub, [...path, key, i]);
    }
    for (const key of schemaValues) {
      if (key in node) visitSchema(node[key], [...path, key]);
    }
  };
  for (const [name, schema] of Object.entries<SpecNode>(doc.components?.schemas ?? {}))
    visitSchema(schema, ['components', 'schemas', name]);
  // Inline schemas: every `schema` of a parameter, header or media type, wherever it is.
  const visitDoc = (node: SpecNode, path: (string | number)[]) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, sub] of Object.entries<SpecNode>(node)) {
      if (path[0] === 'components' && path[1] === 'schemas') return;
      if (key === 'schema' && typeof sub === 'object' && sub !== null && !Array.isArray(node))
        visitSchema(sub, [...path, key]);
      else visitDoc(sub, [...path, key]);
    }
  };
  visitDoc(doc, []);
  return out;
}

/**
 * Every example the spec gives, with the schema it must meet: a schema's `examples` (and a
 * deprecated `example`) against that schema; a media type's, parameter's or header's `example`, and
 * the `value` of each of its `examples`, against its `schema`.
 */
export function exampleSites(doc: SpecNode): ExampleSite[] {
  const sites: ExampleSite[] = [];
  for (const { path, node } of schemaSites(doc)) {
    if (Array.isArray(node.examples)) {
      for (const [i, value] of node.examples.entries()) {
        sites.push({ example: pointer([...path, 'examples', i]), schema: pointer(path), value });
      }
    }
    if ('example' in node) {
      sites.push({
        example: pointer([...path, 'example']),
        schema: pointer(path),
        value: node.example,
      });
    }
  }
  const visit = (node: SpecNode, path: (string | number)[]) => {
    if (typeof node !== 'object' || node === null) return;
    if (path[0] === 'components' && path[1] === 'schemas') return;
    if (!Array.isArray(node) && typeof node.schema === 'object' && node.schema !== null) {
      const schema = pointer([...path, 'schema']);
      if ('example' in node)
        sites.push({ example: pointer([...path, 'example']), schema, value: node.example });
      for (const [name, ex] of Object.entries<SpecNode>(node.examples ?? {})) {
        const resolved = deref(doc, ex);
        sites.push({
          example: pointer([...path, 'examples', name]),
          schema,
          value: resolved.value,
        });
      }
    }
    for (const [key, sub] of Object.entries<SpecNode>(node)) {
      if (key !== 'schema') visit(sub, [...path, key]);
    }
  };
  visit(doc, []);
  return sites;
}

/**
 * Checks every example of `doc` against its schema with Ajv (JSON Schema 2020-12, with formats, set
 * up as the mock's contract tests set it up); returns the problems, empty when all conform.
 */
export function exampleProblems(doc: SpecNode): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(doc, 'openapi');
  const problems: string[] = [];
  for (const site of exampleSites(doc)) {
    // A pointer in a URI fragment: `{id}` and the like are percent-encoded, as Ajv decodes them.
    const fragment = site.schema.split('/').map(encodeURIComponent).join('/');
    const validate = ajv.compile({ $ref: `openapi#${fragment}` });
    if (!validate(site.value))
      problems.push(`${site.example}: ${ajv.errorsText(validate.errors, { dataVar: 'example' })}`);
  }
  return problems;
}

/** Whether a schema (after its reference) carries at least one example. */
const hasExamples = (doc: SpecNode, schema: SpecNode) => {
  const node = deref(doc, schema);
  return (Array.isArray(node?.examples) && node.examples.length > 0) || node?.example !== undefined;
};

/**
 * The resource a response schema carries, its `data` (an item of it for a list) or itself, and where
 * it is: its `$ref`, or the pointer to an inline schema (which carries its own `examples`).
 */
function resourceOf(doc: SpecNode, schema: SpecNode): { node: SpecNode; where: string } {
  const where = (node: SpecNode, at: string) => (typeof node?.$ref === 'string' ? node.$ref : at);
  const at = where(schema, 'inline schema');
  const data = deref(doc, schema)?.properties?.data;
  if (!data) return { node: schema, where: at };
  const resolved = deref(doc, data);
  const dataAt = where(data, `${at}/properties/data`);
  return resolved.type === 'array'
    ? { node: resolved.items, where: where(resolved.items, `${dataAt}/items`) }
    : { node: data, where: dataAt };
}

/**
 * Where `doc` lacks an example: a request body's schema (webhook event bodies included), a
 * success response's resource, or an error response (an example of its media type or its schema).
 */
export function missingExamples(doc: SpecNode): string[] {
  const missing: string[] = [];
  const refName = (s: SpecNode) => (typeof s?.$ref === 'string' ? s.$ref : 'inline schema');
  const operations = [
    ...listOperations(doc).map((o) => ({ where: `${o.method} ${o.path}`, op: o.op })),
    ...Object.entries<SpecNode>(doc.webhooks ?? {}).map(([name, item]) => ({
      where: `webhook ${name}`,
      op: item.post,
    })),
  ];
  for (const { where, op } of operations) {
    const body = deref(doc, op.requestBody ?? {})?.content?.['application/json'];
    if (body?.schema && !hasExamples(doc, body.schema))
      missing.push(`${where} request body: ${refName(body.schema)}`);
    for (const [status, ref] of Object.entries<SpecNode>(op.responses ?? {})) {
      const content = deref(doc, ref).content?.['application/json'];
      if (!content?.schema) continue;
      if (status.startsWith('2')) {
        const resource = resourceOf(doc, content.schema);
        if (!hasExamples(doc, resource.node)) missing.push(`${where} ${status}: ${resource.where}`);
      } else if (
        content.example === undefined &&
        Object.keys(content.examples ?? {}).length === 0 &&
        !hasExamples(doc, content.schema)
      ) {
        missing.push(`${where} ${status}: ${refName(content.schema)}`);
      }
    }
  }
  return [...new Set(missing)];
}
