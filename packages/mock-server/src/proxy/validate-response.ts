import type { ErrorDetail } from '../errors.js';
import { type OperationId, type OperationInfo, operations } from '../generated/operations.js';
import { type ResponseHeaderInfo, responses } from '../generated/responses.js';
import { validateSchema } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';
import { shownOption } from '../shown-option.js';

const byId = new Map<string, OperationInfo>(operations.map((op) => [op.operationId, op]));
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The headers of an answer: a fetch `Headers`, or an object (any case of names). */
export type ResponseHeaders = Headers | Readonly<Record<string, string | undefined>>;

/**
 * What is wrong with an answer to an operation, by the spec: an undeclared status (rule `status`),
 * a declared header missing or malformed, a JSON body sent without `application/json`
 * (`content-type`) or not parsing (`json`), a body where none is declared (`empty`), and every
 * schema violation, named by its path (`data[3].status`). `body` is the raw body, or null when it
 * was not read (the answer to a HEAD): then only the status and headers are checked.
 * @example
 * validateResponse('agentsList', res.status, res.headers, await res.text());
 */
export function validateResponse(
  operation: OperationId | OperationInfo,
  status: number,
  headers: ResponseHeaders,
  body: string | Uint8Array | null,
): ErrorDetail[] {
  const op = typeof operation === 'string' ? byId.get(operation) : operation;
  if (op === undefined) {
    throw new TypeError(
      `operation: ${JSON.stringify(operation)} is not an operationId of the spec`,
    );
  }
  // From JavaScript: a mistake of the call's, not a rule the answer breaks.
  if (typeof headers !== 'object' || headers === null) {
    throw new TypeError(
      `headers: must be a Headers or an object of header names, not ${shownOption(headers)}`,
    );
  }
  if (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError(`body: must be a string, a Uint8Array or null, not ${shownOption(body)}`);
  }
  const declared = responses[op.operationId];
  const response = declared[String(status)];
  if (response === undefined) {
    const list = Object.keys(declared).join(', ');
    const message = `status: ${status} is not declared for ${op.operationId} (${op.method} ${op.path} declares ${list})`;
    return [{ field: 'status', rule: 'status', message }];
  }
  const read = headerReader(headers);
  const issues = response.headers.flatMap((header) => headerIssues(header, read(header.name)));
  if (body === null) return issues;
  const text = typeof body === 'string' ? body : bytesText(body, issues);
  if (text === null) return issues;
  if (response.body === null) {
    if (text !== '') {
      issues.push(detail('body', 'empty', `must be empty: ${status} has no body`));
    }
    return issues;
  }
  const type = read('content-type');
  if (type === null || !/^application\/json\s*(;|$)/i.test(type)) {
    const shown = type === null ? 'without a Content-Type' : JSON.stringify(type);
    issues.push(
      detail(
        'body',
        'content-type',
        `must be sent as Content-Type: application/json, not ${shown}`,
      ),
    );
  }
  if (text === '') {
    issues.push(detail('body', 'json', 'must be JSON; the answer has no body'));
    return issues;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    issues.push(detail('body', 'json', `must be valid JSON (${parseProblem(error)})`));
    return issues;
  }
  issues.push(...validateSchema(response.body, value, 'body', resolveRef));
  return issues;
}

// V8 quotes the text around a JSON error (`Unexpected token 'w', ..."ret": whsec_"... is not
// valid JSON`): an answer's secret would reach the violation log and the CI log.
const QUOTED_TEXT = /, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s;

/** JSON.parse's complaint without the body text it quotes. */
function parseProblem(error: unknown): string {
  return (error as Error).message.replace(QUOTED_TEXT, '');
}

function detail(field: string, rule: string, text: string): ErrorDetail {
  return { field, rule, message: `${field}: ${text}` };
}

/** The body's text, or null after adding an issue when it is not UTF-8 (JSON's only encoding). */
function bytesText(bytes: Uint8Array, issues: ErrorDetail[]): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    issues.push(detail('body', 'json', 'must be UTF-8 JSON'));
    return null;
  }
}

function headerReader(headers: ResponseHeaders): (name: string) => string | null {
  if (headers instanceof Headers) return (name) => headers.get(name);
  const lower = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) lower.set(name.toLowerCase(), value);
  }
  return (name) => lower.get(name.toLowerCase()) ?? null;
}

/** A declared header's problems: missing when required, or a value its schema refuses. */
function headerIssues(header: ResponseHeaderInfo, raw: string | null): ErrorDetail[] {
  if (raw === null) {
    return header.required ? [detail(header.name, 'required', 'is a required header')] : [];
  }
  const type = header.schema.type;
  // Header values are text: an integer is read from its digits (as a query parameter is).
  const value = type === 'integer' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return validateSchema(header.schema, value, header.name, resolveRef);
}
