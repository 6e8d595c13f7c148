import { validationError } from '../errors.js';
import type { ParameterInfo, SchemaNode } from '../generated/operations.js';
import type { ApiRequest } from '../http/api-request.js';
import { parseJsonBody } from '../http/json-body.js';
import { checkQueryParameters } from '../http/validate-request.js';
import { checkInput } from './check-input.js';
import { noBody } from './control-schemas.js';

/** What a control route takes besides its path. */
export interface ControlInputSpec {
  /** The query parameters it accepts; any other is 400 (none by default). */
  query?: ReadonlyMap<string, ParameterInfo>;
  /**
   * Its body: `none` (empty or `{}`, the default), `json` (any JSON, which the controller checks,
   * the same way for HTTP and for the server object's methods), or a schema to check it against.
   */
  body?: 'none' | 'json' | SchemaNode;
}

/** A control request's query and body once they pass its rules. */
export interface ControlInput {
  query: Readonly<Record<string, unknown>>;
  /** `{}` for an empty body; undefined for GET, whose body has no meaning (RFC 9110). */
  body: unknown;
}

const NO_QUERY: ReadonlyMap<string, ParameterInfo> = new Map();

/**
 * Checks a control request's query, then its body, as the /v1 routes check theirs: unknown query
 * parameters and body fields, wrong types and a non-JSON content type are 400 naming field and rule.
 */
export async function readControlInput(
  request: ApiRequest,
  spec: ControlInputSpec,
): Promise<ControlInput> {
  const query = checkQueryParameters(spec.query ?? NO_QUERY, request.search);
  if (Array.isArray(query)) throw validationError(query);
  // A DELETE's body is read and must be empty or `{}`, as on /v1: `DELETE /__mock/faults` with
  // `{"path": ...}` would otherwise clear every fault while seeming to remove one.
  if (request.method === 'GET') return { query, body: undefined };
  const bytes = await request.readBody();
  const body = bytes.byteLength === 0 ? {} : parseJsonBody(bytes, request);
  const rule = spec.body ?? 'none';
  if (rule === 'json') return { query, body };
  return { query, body: checkInput(rule === 'none' ? noBody : rule, body) };
}
