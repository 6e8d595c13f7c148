import { invalidField } from '../errors.js';
import { canonicalFaultPath, compileFaultPath } from '../faults.js';
import { operations } from '../generated/operations.js';
import { didYouMean } from '../http/did-you-mean.js';
import type { JournalRecord, RequestsQuery } from '../journal.js';
import { canonicalId } from '../store/canonical-id.js';
import { checkMethod, checkPathPattern } from './check-path.js';

const OPERATION_IDS = new Set<string>(operations.map((op) => op.operationId));

/**
 * The journal entries a query's filters take (its `limit` aside), once the filters pass: 400
 * naming the field for a method that is no token, a path that does not start with `/` (or has a
 * `*` before its end), an operation the spec does not have, or a status from 1 to 99.
 */
export function requestsFilter(query: RequestsQuery): (entry: JournalRecord) => boolean {
  const { method, path, status, operation_id, key_id, dropped } = query;
  checkMethod(method);
  if (status !== undefined && status > 0 && status < 100) {
    throw invalidField(
      'status',
      'minimum',
      'must be at least 100, or 0 for the requests a drop "request" fault cut',
    );
  }
  if (operation_id != null && !OPERATION_IDS.has(operation_id)) {
    const hint = didYouMean(operation_id, OPERATION_IDS);
    throw invalidField(
      'operation_id',
      'enum',
      `${JSON.stringify(operation_id)} is not an operation of the API${hint}`,
    );
  }
  const wanted = method?.toUpperCase();
  const keyId = canonicalId(key_id);
  const pattern = path === undefined ? undefined : pathPattern(path);
  return (entry) =>
    (wanted === undefined || entry.method.toUpperCase() === wanted) &&
    (status === undefined || entry.status === status) &&
    (operation_id === undefined || entry.operation_id === operation_id) &&
    (keyId === undefined || entry.key_id === keyId) &&
    (dropped === undefined || (entry.dropped ?? null) === dropped) &&
    (pattern === undefined || pattern.test(requestPath(entry.path)));
}

/** A path filter compiled as a fault's path is, so that both match the same requests. */
function pathPattern(path: string): RegExp {
  checkPathPattern(path);
  return compileFaultPath(canonicalFaultPath(path));
}

/**
 * A recorded path spelled as a fault's path is (escapes alike, a UUID in lower case), its `{`, `}`
 * and `*` escaped first: in a request they are data, never a template or a wildcard.
 */
function requestPath(path: string): string {
  return canonicalFaultPath(path.replace(/[{}*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`));
}
