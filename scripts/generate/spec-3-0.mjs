// spec/openapi.yaml written down to OpenAPI 3.0.3, for the generators of other languages that read
// no 3.1 (oapi-codegen, ogen, NSwag, AutoRest, older openapi-generator): the same paths, parameters,
// bodies, answers and schemas, in 3.0's words. What 3.0 cannot say is left out, as those tools ignore
// it anyway: `if`/`then`/`else`, `propertyNames`, the `webhooks` section (kept as `x-webhooks`).
import { asciiJson } from '../lib/ascii-json.mjs';
import { deref } from '../lib/deref.mjs';
import { schemaLists, schemaMaps, schemaValues } from '../lib/schema-keywords.mjs';

/** `object` with `fn` applied to each value. */
const mapValues = (object, fn) =>
  Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));

/** Keywords of JSON Schema 2020-12 that OpenAPI 3.0's schema object does not have. */
const DROPPED = new Set(['if', 'then', 'else', 'propertyNames', '$schema', '$id']);

/** Whether `node` is the schema of null alone: `{type: 'null'}`, or as written down below. */
const isNull = (node) =>
  node !== null &&
  typeof node === 'object' &&
  (node.type === 'null' ||
    (node.nullable === true && node.enum?.length === 1 && node.enum[0] === null));

/** A branch that takes null alone, in 3.0's words (its `nullable` needs a `type` beside it). */
const NULL_BRANCH = { type: 'string', nullable: true, enum: [null] };

/**
 * A schema in 3.0's words: `type: [T, 'null']` as `type: T, nullable: true`; `anyOf`/`oneOf` with a
 * null branch as the other branch, nullable; `const` as a one-value `enum`; a list of `examples` as
 * its first `example`; a `$ref` with other keywords beside it as an `allOf` of it (3.0 ignores
 * what stands beside a `$ref`). Everything inside is written down as well.
 */
function downSchema(schema, spec) {
  if (schema === null || typeof schema !== 'object') return schema;
  let out = {};
  // Subschemas by the keywords that hold them (as the other generators walk a schema); any other
  // keyword's value is data (`enum`, `default`, `required`...), copied as it is.
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === 'const') out.enum = [value];
    else if (key === 'examples' && Array.isArray(value)) {
      if (value.length > 0) out.example = value[0];
    } else if (schemaMaps.has(key)) out[key] = mapValues(value, (v) => downSchema(v, spec));
    else if (schemaLists.has(key)) out[key] = value.map((v) => downSchema(v, spec));
    else if (schemaValues.has(key)) out[key] = downSchema(value, spec);
    else out[key] = value;
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== 'null');
    if (types.length < out.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      // Several types besides null: one branch each.
      const { type: _, ...rest } = out;
      out = { ...rest, anyOf: types.map((t) => ({ type: t })) };
    }
  }
  for (const combinator of ['anyOf', 'oneOf']) {
    const branches = out[combinator];
    if (!Array.isArray(branches) || !branches.some(isNull)) continue;
    const others = branches.filter((b) => !isNull(b));
    const { [combinator]: _, ...rest } = out;
    if (others.length !== 1) {
      out = { ...rest, [combinator]: [...others, NULL_BRANCH] };
      continue;
    }
    const [other] = others;
    // A reference made nullable: an allOf of it, with its component's type (3.0.3 reads
    // `nullable` only beside a `type`).
    const type = other.$ref ? deref(spec, other)?.type : undefined;
    out = other.$ref
      ? { ...rest, ...(typeof type === 'string' ? { type } : {}), allOf: [other], nullable: true }
      : { ...rest, ...other, nullable: true };
  }
  if (out.type === 'null') {
    const { type: _, ...rest } = out;
    out = { ...rest, ...NULL_BRANCH };
  }
  // A nullable enum lists null, or 3.0.3's validators refuse the null it allows.
  if (out.nullable && Array.isArray(out.enum) && !out.enum.includes(null)) {
    out.enum = [...out.enum, null];
  }
  // 3.0 ignores what stands beside a `$ref`: a description goes (tools would not show it), any
  // other keyword keeps its meaning in an allOf of the reference.
  if (out.$ref) {
    const { $ref, description, ...rest } = out;
    out =
      Object.keys(rest).length === 0
        ? { $ref }
        : { allOf: [{ $ref }], ...rest, ...(description === undefined ? {} : { description }) };
  }
  return out;
}

/** A parameter, header or media type: its `schema` written down; its `examples` map stays (3.0 has it). */
function downHolder(holder, spec) {
  if (holder === null || typeof holder !== 'object') return holder;
  const out = { ...holder };
  if (out.schema) out.schema = downSchema(out.schema, spec);
  if (out.content) out.content = mapValues(out.content, (media) => downHolder(media, spec));
  if (out.headers) out.headers = mapValues(out.headers, (header) => downHolder(header, spec));
  return out;
}

/**
 * A reference that overrides its target's `description` or `summary` (3.1 allows it, 3.0 ignores
 * it): the target itself with them, so that an answer keeps its own words (`The agent does not
 * exist.`); any other reference as it is.
 */
function overridden(node, spec) {
  if (node === null || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  const { $ref, ...words } = node;
  if (Object.keys(words).length === 0) return node;
  const target = deref(spec, { $ref });
  return target === undefined ? { $ref } : { ...target, ...words };
}

/** An operation: its parameters, body and answers written down. */
function downOperation(op, spec) {
  const down = (node) => downHolder(overridden(node, spec), spec);
  const out = { ...op };
  if (out.parameters) out.parameters = out.parameters.map(down);
  if (out.requestBody) out.requestBody = down(out.requestBody);
  if (out.responses) out.responses = mapValues(out.responses, down);
  return out;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A path item: each operation, and its shared parameters, written down. */
function downPathItem(item, spec) {
  const out = {};
  for (const [key, value] of Object.entries(item)) {
    if (METHODS.has(key)) out[key] = downOperation(value, spec);
    else if (key === 'parameters')
      out[key] = value.map((p) => downHolder(overridden(p, spec), spec));
    else out[key] = value;
  }
  return out;
}

/** The whole document in OpenAPI 3.0.3. */
export function downSpec(spec) {
  const { webhooks, jsonSchemaDialect: _, ...rest } = spec;
  const { identifier: __, ...license } = spec.info.license ?? {};
  const components = spec.components ?? {};
  const out = {
    ...rest,
    openapi: '3.0.3',
    info: {
      ...spec.info,
      description: `${spec.info.description ?? ''}\n\nThis is spec/openapi.yaml (OpenAPI 3.1) written down to 3.0.3 by \`pnpm generate\` for tools that read no 3.1: \`if\`/\`then\`/\`else\` and \`propertyNames\` are left out, and the webhooks are under \`x-webhooks\`. The 3.1 file is the reference.`,
      // 3.0's license has no SPDX identifier: its url says the same.
      ...(spec.info.license
        ? {
            license: {
              ...license,
              ...(spec.info.license.identifier
                ? { url: `https://spdx.org/licenses/${spec.info.license.identifier}.html` }
                : {}),
            },
          }
        : {}),
    },
    paths: mapValues(spec.paths, (item) => downPathItem(item, spec)),
    components: {
      ...components,
      schemas: mapValues(components.schemas ?? {}, (schema) => downSchema(schema, spec)),
      parameters: mapValues(components.parameters ?? {}, (p) => downHolder(p, spec)),
      responses: mapValues(components.responses ?? {}, (r) => downHolder(r, spec)),
      headers: mapValues(components.headers ?? {}, (h) => downHolder(h, spec)),
      ...(components.requestBodies
        ? { requestBodies: mapValues(components.requestBodies, (b) => downHolder(b, spec)) }
        : {}),
    },
  };
  if (webhooks) out['x-webhooks'] = mapValues(webhooks, (item) => downPathItem(item, spec));
  // A response every use of which overrode its description is inlined everywhere: unused, it goes.
  const text = JSON.stringify({ ...out, components: { ...out.components, responses: {} } });
  out.components.responses = Object.fromEntries(
    Object.entries(out.components.responses).filter(([name]) =>
      text.includes(`"#/components/responses/${name}"`),
    ),
  );
  return out;
}

export default {
  // JSON, which every OpenAPI tool reads (YAML is a superset of it), with each character beyond ASCII
  // escaped: the patterns hold U+2028 and U+2029, which a YAML 1.1 reader (PyYAML) takes for line
  // breaks inside a plain scalar.
  output: 'spec/generated/openapi.3.0.json',
  render(spec) {
    return `${asciiJson(downSpec(spec))}\n`;
  },
};
