import { invalidField, validationError } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { validateSchema } from '../http/schema-validator.js';
import { bodyField } from '../key-path.js';
import { tooDeepAt } from './nesting-depth.js';

/**
 * How deep a control input may nest (a tool's `input_schema`, an event's data): deeper than any
 * real one, and shallow enough that the state holding it still exports, clones and imports.
 */
export const MAX_INPUT_DEPTH = 48;
/** How deep a state snapshot may nest: an input at MAX_INPUT_DEPTH plus the snapshot's own levels. */
export const MAX_SNAPSHOT_DEPTH = 64;

const noReferences = (ref: string): never => {
  throw new Error(`control schemas hold no references: ${ref}`);
};

/**
 * Checks a control input (an HTTP body or a method's options) against its schema with the
 * validator of the /v1 routes; 400 VALIDATION_ERROR naming every violated field and rule. Returns
 * the input to use: a method's option given as undefined is left out (a copy without it), as an
 * optional property reads it; JSON has no undefined, so an HTTP body is returned as it came.
 */
export function checkInput<T>(schema: SchemaNode, given: unknown, maxDepth = MAX_INPUT_DEPTH): T {
  const value = withoutUndefined(given);
  const deep = tooDeepAt(value, maxDepth);
  if (deep !== undefined) {
    // Named by its first levels: the full path of a value nested this deep says nothing more.
    const field = bodyField((deep.match(SEGMENT) ?? []).slice(0, 3).join(''));
    throw invalidField(
      field,
      'depth',
      `must not nest objects and arrays deeper than ${maxDepth} levels in all`,
    );
  }
  const issues = validateSchema(schema, value, 'body', noReferences);
  if (issues.length > 0) throw validationError(issues);
  return value as T;
}

/** One level of a path (`keyPath`'s): `a`, `.a`, `[0]` or `["a.b"]`, its quotes escaped as JSON's. */
const SEGMENT = /\.?[^.[\]"]+|\[(?:\d+|"(?:[^"\\]|\\.)*")\]/g;

/** A plain object's copy without its properties that are undefined; the value itself if it has none. */
function withoutUndefined(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (entries.every(([, v]) => v !== undefined)) return value;
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}
