import { isSubscription, otherVariantSubscription } from '../domain/webhook-events.js';
import { type ErrorDetail, invalidField, validationError } from '../errors.js';
import type { OperationInfo, ParameterInfo, SchemaNode } from '../generated/operations.js';
import { schemas } from '../generated/schemas.js';
import { setBounded } from '../set-bounded.js';
import type { Variant } from '../store/records.js';
import type { ApiRequest } from './api-request.js';
import { didYouMean } from './did-you-mean.js';
import { wellFormedDetail } from './ill-formed-string.js';
import { jsonBodyText, jsonTextIssues, parseJsonText } from './json-body.js';
import { lowerCaseUuids } from './lower-case-uuids.js';
import { type SchemaResolver, validateSchema } from './schema-validator.js';

/** A request's inputs once they pass the spec's rules. */
export interface ValidRequest {
  params: Record<string, string>;
  /** Frozen: one object may serve every request with the same query string. */
  query: Readonly<Record<string, unknown>>;
  body: unknown;
}

// By the whole reference: one lookup of a string whose hash is known, as each item of a page asks.
const byRef = new Map(
  Object.entries(schemas).map(([name, schema]) => [`#/components/schemas/${name}`, schema]),
);

/** Resolves the spec's `#/components/schemas/Name` references. */
export const resolveRef: SchemaResolver = (ref) => {
  const name = ref.replace('#/components/schemas/', '');
  // Own names only: `constructor` or `toString` is Object.prototype's, no schema.
  const schema = byRef.get(ref) ?? (Object.hasOwn(schemas, name) ? schemas[name] : undefined);
  if (!schema) throw new Error(`unknown schema reference ${ref}`);
  return schema;
};

const NO_BODY: SchemaNode = { type: 'object', additionalProperties: false };

const bodyResolvers = new Map<Variant, SchemaResolver>();

/**
 * The references of a request body as a server of `variant` resolves them: a webhook subscription
 * is one of the variant's events and categories, so that a typo is answered with the values that
 * would be taken, not with the other variant's too (the spec lists both).
 */
function bodyResolver(variant: Variant): SchemaResolver {
  let resolver = bodyResolvers.get(variant);
  if (!resolver) {
    const all = schemas.WebhookSubscription as SchemaNode & { enum: string[] };
    const subscription: SchemaNode = {
      ...all,
      enum: all.enum.filter((e) => isSubscription(e, variant)),
    };
    resolver = (ref) =>
      ref === '#/components/schemas/WebhookSubscription' ? subscription : resolveRef(ref);
    bodyResolvers.set(variant, resolver);
  }
  return resolver;
}

/**
 * Validates path, query (`search`: the query string with its `?`, or empty) and body against the
 * operation's spec, in that order; 400 naming field and rule. UUIDs come out in lower case.
 */
export function validateRequest(
  op: OperationInfo,
  params: Record<string, string>,
  search: string,
  body: Uint8Array,
  request: Pick<ApiRequest, 'header'>,
  variant: Variant,
): ValidRequest {
  const pathIssues: ErrorDetail[] = [];
  const path: Record<string, string> = { ...params };
  for (const p of op.parameters) {
    if (p.in !== 'path') continue;
    const value = params[p.name] ?? '';
    const issues = validateSchema(p.schema, value, p.name, resolveRef);
    if (issues.length > 0) pathIssues.push(...issues);
    else path[p.name] = lowerCaseUuids(p.schema, value, resolveRef) as string;
  }
  if (pathIssues.length > 0) throw validationError(pathIssues);
  return {
    params: path,
    query: validateQuery(op, search),
    body: validateBody(op, body, request, variant),
  };
}

/** Validated queries (frozen) or their issues, per operation and query string. */
const checkedQueries = new WeakMap<
  OperationInfo,
  Map<string, Readonly<Record<string, unknown>> | ErrorDetail[]>
>();
/** Query strings remembered per operation (clients repeat a handful: pages, filters), and how long. */
const MAX_QUERIES = 128;
const MAX_QUERY_LENGTH = 512;

/** The operation's query, validated once per distinct query string (a pure function of both). */
function validateQuery(op: OperationInfo, search: string): Readonly<Record<string, unknown>> {
  let checked = checkedQueries.get(op);
  if (checked === undefined) {
    checked = new Map();
    checkedQueries.set(op, checked);
  }
  let outcome = checked.get(search);
  if (outcome === undefined) {
    outcome = checkQueryParameters(queryParameters(op), search);
    if (search.length <= MAX_QUERY_LENGTH) setBounded(checked, search, outcome, MAX_QUERIES);
  }
  if (Array.isArray(outcome)) throw validationError(outcome);
  return outcome;
}

/**
 * A query string's values (`search`, with its `?` or empty) coerced and checked against the known
 * parameters (frozen), or what is wrong with them: bad percent-encoding, unknown or repeated names,
 * wrong types, missing required ones.
 */
export function checkQueryParameters(
  known: ReadonlyMap<string, ParameterInfo>,
  searchText: string,
): Readonly<Record<string, unknown>> | ErrorDetail[] {
  const issues = encodingIssues(searchText);
  if (issues.length > 0) return frozen(issues);
  const query: Record<string, unknown> = {};
  const search = new URLSearchParams(searchText);
  for (const name of new Set(search.keys())) {
    const param = known.get(name);
    if (!param) {
      const field = name === '' ? 'query' : name;
      const text =
        name === ''
          ? 'has a parameter without a name'
          : `is not a known query parameter${didYouMean(name, known.keys())}`;
      issues.push({ field, rule: 'unknown', message: `${field}: ${text}` });
      continue;
    }
    const values = search.getAll(name);
    if (values.length > 1) {
      issues.push({ field: name, rule: 'single', message: `${name}: must be given once` });
      continue;
    }
    const value = coerce(param.schema, values[0] ?? '');
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      const { minimum, maximum } = param.schema as { minimum?: number; maximum?: number };
      // Past a bound of the parameter's own (limit=1e20), its rule says so; past none (page),
      // 99999999999999999999 would become 100000000000000000000: refused, not rounded.
      if ((value > 0 ? maximum : minimum) === undefined) {
        const from = minimum ?? -Number.MAX_SAFE_INTEGER;
        const to = maximum ?? Number.MAX_SAFE_INTEGER;
        const message = `${name}: must be an integer from ${from} to ${to} (larger ones lose precision)`;
        issues.push({ field: name, rule: 'type', message });
        continue;
      }
    }
    const found = validateSchema(param.schema, value, name, resolveRef);
    if (found.length > 0) issues.push(...found);
    else query[name] = lowerCaseUuids(param.schema, value, resolveRef);
  }
  for (const [name, param] of known) {
    if (param.required && !(name in query))
      issues.push({ field: name, rule: 'required', message: `${name}: is required` });
    // The default of the schema or of the component it names (`order`'s SortOrder: desc).
    const schema =
      typeof param.schema.$ref === 'string' ? resolveRef(param.schema.$ref) : param.schema;
    if (!(name in query) && schema.default !== undefined) query[name] = schema.default;
  }
  return issues.length === 0 ? Object.freeze(query) : frozen(issues);
}

/** Issues shared by every request with the same query string, so nobody may change them. */
function frozen(issues: ErrorDetail[]): ErrorDetail[] {
  for (const issue of issues) Object.freeze(issue);
  return Object.freeze(issues) as ErrorDetail[];
}

/**
 * URLSearchParams keeps a stray `%` as is and turns bytes that are not UTF-8 (`caf%E9`, Latin-1)
 * into U+FFFD: a filter would then match nothing, silently. Such a query is refused instead.
 */
function encodingIssues(search: string): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  if (!search.includes('%')) return issues;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair.includes('%')) continue;
    const at = pair.indexOf('=');
    const name = decodeOrNull(at === -1 ? pair : pair.slice(0, at));
    if (name !== null && (at === -1 || decodeOrNull(pair.slice(at + 1)) !== null)) continue;
    const field = name === null || name === '' ? 'query' : name;
    const message = `${field}: is not valid percent-encoded UTF-8 (write % as %25, other characters as the %XX of their UTF-8 bytes)`;
    issues.push({ field, rule: 'encoding', message });
  }
  return issues;
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return null;
  }
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
  // An integer in digits only: 5.0 is refused as 1e1 is, not read as 5.
  if (type === 'integer' && /^-?\d+$/.test(raw)) return Number(raw);
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

function validateBody(
  op: OperationInfo,
  bytes: Uint8Array,
  request: Pick<ApiRequest, 'header'>,
  variant: Variant,
): unknown {
  const resolver = bodyResolver(variant);
  const empty = bytes.byteLength === 0;
  if (empty) {
    if (op.body?.required) throw invalidField('body', 'required', 'is required (a JSON object)');
    return op.body ? {} : undefined;
  }
  const text = jsonBodyText(bytes, request);
  const value = parseJsonText(text);
  const schema = op.body?.schema ?? NO_BODY;
  if (!op.body && (value === null || typeof value !== 'object' || Array.isArray(value))) {
    throw invalidField('body', 'type', `must be empty; ${op.method} ${op.path} takes no body`);
  }
  const issues = validateSchema(schema, value, 'body', resolver);
  // After the schema's: `nmae` twice is first a slip for `name`.
  const named = new Set(issues.map((issue) => issue.field));
  issues.push(...jsonTextIssues(text, value).filter((issue) => !named.has(issue.field)));
  if (issues.length > 0) {
    throw validationError(issues.map((i) => namingVariant(wellFormedDetail(i), value, variant)));
  }
  return lowerCaseUuids(schema, value, resolver);
}

/**
 * A webhook subscription refused as not the server's variant's, said to be the other variant's when
 * it is (`conversation.assigned` on Variant A), and `webhook.test` said to be no subscription: the
 * list of values alone does not say why.
 */
function namingVariant(issue: ErrorDetail, body: unknown, variant: Variant): ErrorDetail {
  const index = issue.rule === 'enum' ? /^events\[(\d+)\]$/.exec(issue.field)?.[1] : undefined;
  // Only for that issue: a body of JSON null has an issue too (body: type), and no property to read.
  const events = index === undefined ? undefined : (body as { events?: unknown }).events;
  const value = Array.isArray(events) ? events[Number(index)] : undefined;
  const why = typeof value === 'string' ? subscriptionProblem(value, variant) : null;
  if (!why) return issue;
  return {
    ...issue,
    message: issue.message.replace(`${issue.field}: `, `${issue.field}: ${why}: `),
  };
}

/** Why `value` is no subscription of this variant, when more can be said than the list of values. */
function subscriptionProblem(value: string, variant: Variant): string | null {
  if (value === 'webhook.test')
    return '"webhook.test" is sent only by POST /v1/webhooks/{id}/test, to the webhook tested, and is not subscribed to';
  const other = otherVariantSubscription(value, variant);
  if (!other) return null;
  return `"${value}" is a Variant ${other.variant} ${other.kind}, and this server runs Variant ${variant}`;
}

/** Checks a value against a component schema by reference (`#/components/schemas/X`), fields under `data`. */
export function validateData(ref: string, value: unknown): ErrorDetail[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [{ field: 'data', rule: 'type', message: 'data: must be an object' }];
  }
  return validateSchema({ $ref: ref }, value, 'data', resolveRef);
}
