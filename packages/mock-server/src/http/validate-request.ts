import { type ErrorDetail, invalidField, validationError } from '../errors.js';
import type { OperationInfo, ParameterInfo, SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { type SchemaResolver, validateSchema } from './schema-validator.js';

/** A request's inputs once they pass the spec's rules. */
export interface ValidRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

const resolveRef: SchemaResolver = (ref) => {
  const name = ref.replace('#/components/schemas/', '');
  const schema = schemas[name];
  if (!schema) throw new Error(`unknown schema reference ${ref}`);
  return schema;
};

const NO_BODY: SchemaNode = { type: 'object', additionalProperties: false };
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Validates path, query and body against the operation's spec, in that order; 400 naming field and rule. */
export function validateRequest(
  op: OperationInfo,
  params: Record<string, string>,
  search: URLSearchParams,
  body: Uint8Array,
  contentType: string | null,
): ValidRequest {
  const pathIssues: ErrorDetail[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path') continue;
    pathIssues.push(...validateSchema(p.schema, params[p.name] ?? '', p.name, resolveRef));
  }
  if (pathIssues.length > 0) throw validationError(pathIssues);
  return { params, query: validateQuery(op, search), body: validateBody(op, body, contentType) };
}

function validateQuery(op: OperationInfo, search: URLSearchParams): Record<string, unknown> {
  const issues: ErrorDetail[] = [];
  const query: Record<string, unknown> = {};
  const known = queryParameters(op);
  for (const name of new Set(search.keys())) {
    const param = known.get(name);
    if (!param) {
      const field = name === '' ? 'query' : name;
      const text =
        name === '' ? 'has a parameter without a name' : 'is not a known query parameter';
      issues.push({ field, rule: 'unknown', message: `${field}: ${text}` });
      continue;
    }
    const values = search.getAll(name);
    if (values.length > 1) {
      issues.push({ field: name, rule: 'single', message: `${name}: must be given once` });
      continue;
    }
    const value = coerce(param.schema, values[0] ?? '');
    const found = validateSchema(param.schema, value, name, resolveRef);
    if (found.length > 0) issues.push(...found);
    else query[name] = value;
  }
  for (const [name, param] of known) {
    if (param.required && !(name in query))
      issues.push({ field: name, rule: 'required', message: `${name}: is required` });
    if (!(name in query) && param.schema.default !== undefined) query[name] = param.schema.default;
  }
  if (issues.length > 0) throw validationError(issues);
  return query;
}

const queryCache = new WeakMap<OperationInfo, Map<string, ParameterInfo>>();

/** The operation's query parameters by name (computed once per operation). */
function queryParameters(op: OperationInfo): Map<string, ParameterInfo> {
  let known = queryCache.get(op);
  if (!known) {
    known = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
    queryCache.set(op, known);
  }
  return known;
}

/** Query values arrive as text: turn them into the number or boolean the schema asks for. */
function coerce(schema: SchemaNode, raw: string): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function validateBody(op: OperationInfo, bytes: Uint8Array, contentType: string | null): unknown {
  const empty = bytes.byteLength === 0;
  if (empty) {
    if (op.body?.required) throw invalidField('body', 'required', 'is required (a JSON object)');
    return op.body ? {} : undefined;
  }
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
    throw invalidField(
      'body',
      'contentType',
      'must be JSON, sent with Content-Type: application/json',
    );
  }
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw invalidField('body', 'encoding', 'must be valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidField('body', 'json', `must be valid JSON (${(error as Error).message})`);
  }
  const schema = op.body?.schema ?? NO_BODY;
  if (!op.body && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw invalidField('body', 'type', `must be empty; ${op.method} ${op.path} takes no body`);
  }
  const issues = validateSchema(schema, value, 'body', resolveRef);
  if (issues.length > 0) throw validationError(issues);
  return value;
}

/** Checks a value against a component schema by reference (`#/components/schemas/X`), fields under `data`. */
export function validateData(ref: string, value: unknown): ErrorDetail[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ field: 'data', rule: 'type', message: 'data: must be an object' }];
  }
  return validateSchema({ $ref: ref }, value, 'data', resolveRef);
}
