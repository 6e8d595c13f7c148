// The JSON Schema 2020-12 keywords whose value holds subschemas, for walking a schema's tree: the
// generator's strip of `examples` and the spec tests' search for examples walk it alike.

/** Keywords whose value is a map of schemas (`properties`). */
export const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is a list of schemas (`allOf`). */
export const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value is one schema (`items`). */
export const schemaValues = new Set([
  'items',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
]);
