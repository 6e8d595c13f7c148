import { canonicalId } from './store/canonical-id.js';

/**
 * Whether a request body (parsed JSON) includes `pattern`, as a fault's `body_includes` asks
 * (WireMock's `equalToJson` with extra fields ignored): an object has each of the pattern's fields,
 * each matching in turn (other fields are left alone); an array has as many items, each matching
 * the pattern's at the same index; any other value is equal, a UUID in either case as the API
 * takes ids. Nesting is bounded by the pattern, checked when the fault was added.
 */
export function bodyIncludes(body: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return (
      Array.isArray(body) &&
      body.length === pattern.length &&
      pattern.every((item, i) => bodyIncludes(body[i], item))
    );
  }
  if (pattern !== null && typeof pattern === 'object') {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
    const fields = body as Record<string, unknown>;
    return Object.entries(pattern).every(
      ([key, value]) => Object.hasOwn(fields, key) && bodyIncludes(fields[key], value),
    );
  }
  return canonicalId(body) === canonicalId(pattern);
}
