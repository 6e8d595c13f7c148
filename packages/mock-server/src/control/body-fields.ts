import type { OperationInfo, SchemaNode } from '../generated/operations.js';
import { deref } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';

const known = new Map<OperationInfo, ReadonlySet<string> | null>();

/**
 * The top-level fields an operation's JSON body may have, or null when it takes other fields too
 * (or none at all): the properties of its schema and of the branches it is made of (`allOf`,
 * `anyOf`, `oneOf`), when one of them refuses any other field.
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
  const fields = new Set<string>();
  let closed = false;
  const visit = (node: SchemaNode): void => {
    const schema = deref(node, resolveRef);
    if (schema.additionalProperties === false) closed = true;
    const properties = schema.properties as Record<string, unknown> | undefined;
    for (const name of Object.keys(properties ?? {})) fields.add(name);
    for (const branches of [schema.allOf, schema.anyOf, schema.oneOf]) {
      if (Array.isArray(branches)) for (const branch of branches) visit(branch as SchemaNode);
    }
  };
  visit(root);
  return closed ? fields : null;
}
