import { validationError } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { validateSchema } from '../http/schema-validator.js';

const noReferences = (ref: string): never => {
  throw new Error(`control schemas hold no references: ${ref}`);
};

/**
 * Checks a control input (an HTTP body or a method's options) against its schema with the
 * validator of the /v1 routes; 400 VALIDATION_ERROR naming every violated field and rule.
 */
export function checkInput<T>(schema: SchemaNode, value: unknown): T {
  const issues = validateSchema(schema, value, 'body', noReferences);
  if (issues.length > 0) throw validationError(issues);
  return value as T;
}
