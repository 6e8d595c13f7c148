import { invalidField } from '../errors.js';
import { canonicalFaultPath, type FaultSpec, faultCode } from '../faults.js';
import { type OperationInfo, operations } from '../generated/operations.js';
import { didYouMean } from '../http/did-you-mean.js';
import { nearMisses } from '../http/near-miss.js';
import { keyPath } from '../key-path.js';
import { NOT_JSON_MESSAGE, notJsonAt } from '../not-json-at.js';
import { canonicalId } from '../store/canonical-id.js';
import type { State } from '../store/state.js';
import { bodyFields } from './body-fields.js';
import { checkInput } from './check-input.js';
import { checkMethod, checkPathPattern } from './check-path.js';
import { faultSpec } from './control-schemas.js';
import { faultTargets } from './fault-targets.js';

const CONTROL_PATH = /^\/__mock(\/|\*|$)/;

/**
 * A fault as `Faults` takes it (the method in upper case, a `key_id` in lower case), once it can
 * fire: its fields are those of `FaultSpec` with their types, its path reaches an operation of the
 * API, its method is one that path allows, and its `key_id` names a key of `state` that is not
 * revoked. 400 naming the field and rule otherwise.
 */
export function checkFault(input: unknown, state: State): FaultSpec {
  const spec = checkInput<FaultSpec>(faultSpec, input);
  checkKind(spec);
  const { path, method } = spec;
  checkPathPattern(path);
  checkMethod(method);
  const upper = method?.toUpperCase();
  // Neither reaches a fault as itself: it would never fire.
  if (upper === 'HEAD') {
    throw invalidField(
      'method',
      'enum',
      'HEAD is served as GET, so a GET fault covers it; use GET',
    );
  }
  if (upper === 'OPTIONS') {
    throw invalidField('method', 'enum', 'OPTIONS is a CORS preflight, answered before any fault');
  }
  const query = /[?#]/.exec(path);
  if (query) {
    throw invalidField(
      'path',
      'pattern',
      `a fault matches the path alone, whatever the query; leave out ${path.slice(query.index)}`,
    );
  }
  const targets = faultTargets(canonicalFaultPath(path));
  if (targets.length === 0) {
    throw invalidField(
      'path',
      'route',
      CONTROL_PATH.test(path)
        ? 'the control API (/__mock) is never faulted; fault a path of the API, such as /v1/agents'
        : `${path} matches no route of the API, so the fault could never fire${meantPath(path)}`,
    );
  }
  const allowed: string[] = [...new Set(targets.map((op) => op.method))];
  if (upper !== undefined && !allowed.includes(upper)) {
    throw invalidField(
      'method',
      'enum',
      `${upper} never reaches ${path}, which allows ${allowed.join(', ')}`,
    );
  }
  if (spec.body_includes !== undefined) {
    checkBodyIncludes(spec.body_includes, targets, upper, path);
  }
  const checked = upper === undefined ? spec : { ...spec, method: upper };
  if (spec.key_id === undefined) return checked;
  return { ...checked, key_id: checkKeyId(spec.key_id, state, targets, upper, path) };
}

/**
 * The id of a key a fault may be scoped to, in lower case: a key that exists now and is not
 * revoked, on a path where some operation takes a key. A key made later cannot be named: its id is
 * random, so an id no key has is a typo or a key of a state since reset, and the fault would never
 * fire (a revoked key's requests are 401 before any fault).
 */
function checkKeyId(
  input: string,
  state: State,
  targets: OperationInfo[],
  method: string | undefined,
  path: string,
): string {
  const id = canonicalId(input);
  const key = state.apiKeys.get(id);
  if (!key) throw invalidField('key_id', 'exists', `no API key has the id ${input}`);
  if (key.revoked_at !== null) {
    throw invalidField(
      'key_id',
      'active',
      `the API key ${input} was revoked: its requests are 401 before any fault, so the fault would never fire`,
    );
  }
  if (!targets.some((op) => op.scopes && (method === undefined || op.method === method))) {
    throw invalidField(
      'key_id',
      'not',
      `${method ?? 'a request'} on ${path} needs no API key, so a fault for one key never fires on it`,
    );
  }
  return id;
}

/**
 * A fault's `body_includes`: what JSON can say (a value of a JSON body), on a path and method whose
 * requests carry a body, its fields ones such a body may have. A fault that only bodies no request
 * sends would match never fires; a field the body does not take is a slip (`emial`).
 */
function checkBodyIncludes(
  pattern: Record<string, unknown>,
  targets: OperationInfo[],
  method: string | undefined,
  path: string,
): void {
  const notJson = notJsonAt(pattern, 'body_includes');
  if (notJson !== undefined) throw invalidField(notJson, 'type', NOT_JSON_MESSAGE);
  const withBody = targets.filter(
    (op) => op.body !== null && (method === undefined || op.method === method),
  );
  if (withBody.length === 0) {
    throw invalidField(
      'body_includes',
      'not',
      `${method === undefined ? `no request to ${path} takes a body` : `${method} ${path} takes no body`}, so a fault on bodies could never fire`,
    );
  }
  const fieldSets = withBody.map(bodyFields);
  // A body that may take other fields (an open schema) takes any.
  if (fieldSets.includes(null)) return;
  const fields = new Set(fieldSets.flatMap((set) => [...(set ?? [])]));
  for (const key of Object.keys(pattern)) {
    if (fields.has(key)) continue;
    throw invalidField(
      keyPath('body_includes', key),
      'unknown',
      `is not a field a body of ${path} takes${didYouMean(key, fields)}`,
    );
  }
}

const ROUTES = [...new Set(operations.map((op) => op.path))];

/** `; did you mean /v1/agents?` when a fault path one slip from a route would reach it, else ''. */
function meantPath(path: string): string {
  const meant = nearMisses(ROUTES, path).find(
    (near) => faultTargets(canonicalFaultPath(near)).length > 0,
  );
  return meant === undefined ? '' : `; did you mean ${meant}?`;
}

/** The fields only a fault with `status` carries: neither a cut (`drop`) nor a slow success takes them. */
const ANSWER_FIELDS = ['code', 'retry_after', 'message', 'details'] as const;

/**
 * One of `status` (an answer), `drop` (a cut) and `delay_ms` alone (a slow success), and no field
 * of an answer beside a cut or a slow success.
 */
function checkKind(spec: FaultSpec): void {
  if (spec.status !== undefined) {
    if (spec.drop !== undefined) {
      throw invalidField(
        'drop',
        'not',
        'a fault either answers status or drops the connection, not both',
      );
    }
    const code = spec.code ?? faultCode(spec.status);
    if (spec.details !== undefined && (spec.status !== 400 || code !== 'VALIDATION_ERROR')) {
      throw invalidField(
        'details',
        'not',
        'come only with a 400 VALIDATION_ERROR, as the API sends them',
      );
    }
    return;
  }
  if (spec.drop === undefined) checkSlowSuccess(spec.delay_ms);
  const without =
    spec.drop === undefined
      ? 'without status or drop the request gets its real answer'
      : 'drop sends no answer to put it in';
  for (const field of ANSWER_FIELDS) {
    if (spec[field] !== undefined) {
      throw invalidField(field, 'not', `only a fault with status answers; ${without}`);
    }
  }
}

/** A fault without `status` or `drop` must hold its request back, or it has nothing to do. */
function checkSlowSuccess(delay: number | undefined): void {
  if (delay === undefined) {
    throw invalidField(
      'status',
      'required',
      'is required, or drop to cut the connection, or delay_ms alone to hold a real answer back; a fault with none of them has nothing to do',
    );
  }
  if (delay === 0) {
    throw invalidField(
      'delay_ms',
      'minimum',
      'must be at least 1 without status or drop, or the fault has nothing to do',
    );
  }
}
