import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  deref,
  listOperations,
  loadSpec,
  type SpecNode as Node,
} from '../../../../test/spec/load-spec.js';

const spec: Node = loadSpec();
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(spec, 'openapi');

const operations = listOperations(spec).map((o) => ({
  ...o,
  pattern: new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(pointer: string) {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const headerValidators = new Map<string, ReturnType<typeof ajv.compile>>();
function headerValidator(schema: Node) {
  const key = JSON.stringify(schema);
  let validate = headerValidators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    headerValidators.set(key, validate);
  }
  return validate;
}

/** A header's text as its schema's type: an integer header's digits as a number, else the text. */
function headerValue(schema: Node, value: string): unknown {
  return schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
}

/**
 * Checks a response against the spec, independently of the mock's own validator: the status is one
 * the operation declares, the body matches that response's schema, the headers it declares required
 * are present, each declared header that is sent matches its schema, and an error's `status` is the
 * HTTP status and its `code` the one the spec's example gives it. Returns the problems (empty when it
 * conforms).
 */
export function contractProblems(
  method: string,
  url: string,
  status: number,
  headers: Headers,
  body: unknown,
): string[] {
  const path = new URL(url).pathname;
  const where = `${method} ${path} -> ${status}`;
  const problems: string[] = [];
  if (!headers.get('x-request-id')) problems.push(`${where}: no X-Request-Id`);
  const match = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!match) {
    // Unknown path or method: only the error envelope can be checked.
    const validate = validatorFor('/components/schemas/Error');
    if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    return problems;
  }
  const key = String(status);
  const response = deref(spec, match.op.responses[key]);
  if (!response) return [...problems, `${where}: status not declared by ${match.op.operationId}`];
  for (const [name, declared] of Object.entries<Node>(response.headers ?? {})) {
    const header = deref(spec, declared);
    const value = headers.get(name);
    // OpenAPI's default: a header not declared required may be absent; when sent, it is checked.
    if (value === null) {
      if (header.required === true) problems.push(`${where}: missing header ${name}`);
    } else if (!headerValidator(header.schema)(headerValue(header.schema, value))) {
      problems.push(`${where}: header ${name} is ${JSON.stringify(value)}, not its schema's`);
    }
  }
  const example = response.content?.['application/json']?.example?.error;
  const error = (body as { error?: { code?: unknown; status?: unknown } } | undefined)?.error;
  if (status >= 400 && example && error) {
    if (error.status !== status) problems.push(`${where}: error.status is ${error.status}`);
    if (error.code !== example.code)
      problems.push(`${where}: error.code is ${error.code}, not ${example.code}`);
  }
  const content = response.content?.['application/json'];
  if (!content) {
    if (body !== undefined) problems.push(`${where}: body where the spec declares none`);
    return problems;
  }
  const ref = content.schema.$ref as string | undefined;
  const validate = ref ? validatorFor(ref.replace(/^#/, '')) : ajv.compile(content.schema);
  if (!validate(body)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

/**
 * Whether ajv, the independent reference, takes a value for a schema of the spec, named by its
 * reference (`#/components/schemas/Agent`): the differential test's oracle for the mock's validator.
 */
export function specAccepts(ref: string, value: unknown): boolean {
  return validatorFor(ref.replace(/^#/, ''))(value) as boolean;
}

/** Whether ajv (with ajv-formats, as it checks the spec) takes a string for a format. */
export function formatAccepts(format: string, value: string): boolean {
  return headerValidator({ type: 'string', format })(value) as boolean;
}

/** Checks a webhook body against the spec's `webhooks` entry for its event; returns the problems. */
export function webhookBodyProblems(body: { event: string } & Record<string, unknown>): string[] {
  const entry = spec.webhooks?.[body.event]?.post;
  if (!entry) return [`${body.event}: not an event of the spec`];
  const ref = entry.requestBody.content['application/json'].schema.$ref as string;
  const validate = validatorFor(ref.replace(/^#/, ''));
  return validate(body) ? [] : [`${body.event}: ${ajv.errorsText(validate.errors)}`];
}

/**
 * Checks a domain event (what `mock.events.on` hears) as the body a webhook of it would carry: its
 * data in the shape the spec's `webhooks` entry gives; returns the problems.
 */
export function domainEventProblems(event: {
  id: string;
  event: string;
  timestamp: string;
  data: unknown;
}): string[] {
  return webhookBodyProblems({
    event_id: event.id,
    event: event.event,
    timestamp: event.timestamp,
    webhook_id: crypto.randomUUID(),
    data: event.data,
  });
}

/** The variants that send an event, from the spec. */
export function variantsOf(event: string): string[] {
  return spec.webhooks?.[event]?.post?.['x-variants'] ?? [];
}
