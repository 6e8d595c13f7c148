import type { OperationInfo, SchemaNode } from '../generated/operations.js';
import { deref } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';

const known = new Map<OperationInfo, ReadonlySet<string> | null>();

/**
 * The top-level fields an operation's JSON body may have, or null when it takes other fields too
 * (or none at all): the properties of its schema and of the branches it is made of (`allOf`,
 * `anyOf`, `oneOf`), when it refuses any other field (`fieldsOf`).
 */
export function bodyFields(op: OperationInfo): ReadonlySet<string> | null {
  let fields = known.get(op);
  if (fields === undefined) {
    fields = op.body === null ? null : closedFields(op.body.schema);
    known.set(op, fields);
  }
  return fields;
}

function closedFields(root: SchemaNode): ReadonlySet<string> | null {
  const { fields, closed } = fieldsOf(root);
  return closed ? fields : null;
}

/**
 * A schema's fields and whether it refuses any other: it does when it says so, when one of its
 * `allOf` branches does (a body must satisfy each), or when every branch of an `anyOf` or a
 * `oneOf` does (a body satisfies one of them: an open one takes any field).
 */
function fieldsOf(node: SchemaNode): { fields: Set<string>; closed: boolean } {
  const schema = deref(node, resolveRef);
  const fields = new Set(Object.keys((schema.properties as object | undefined) ?? {}));
  let closed = schema.additionalProperties === false;
  const take = (branches: unknown): boolean[] => {
    if (!Array.isArray(branches)) return [];
    return branches.map((branch) => {
      const inner = fieldsOf(branch as SchemaNode);
      for (const name of inner.fields) fields.add(name);
      return inner.closed;
    });
  };
  if (take(schema.allOf).some(Boolean)) closed = true;
  for (const branches of [schema.anyOf, schema.oneOf]) {
    const each = take(branches);
    if (each.length > 0 && each.every(Boolean)) closed = true;
  }
  return { fields, closed };
}
