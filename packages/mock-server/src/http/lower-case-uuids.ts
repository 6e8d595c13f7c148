import type { SchemaNode } from '../generated/operations.js';
import { deref, type SchemaResolver, validateSchema } from './schema-validator.js';

/**
 * A valid request value with every string of `format: uuid` in lower case, so that ids match
 * whatever case a client sends them in (`9CF8...` finds `9cf8...`) and are stored as the API
 * returns them. Objects and arrays are changed in place (a request's own parsed JSON); run it only
 * on a value that passed `validateSchema`, which picks the `oneOf` / `anyOf` branch walked here.
 */
export function lowerCaseUuids(node: SchemaNode, value: unknown, resolve: SchemaResolver): unknown {
  if (!mentionsUuid(node, resolve)) return value;
  const schema = deref(node, resolve);
  let out = value;
  for (const part of (schema.allOf ?? []) as SchemaNode[]) out = lowerCaseUuids(part, out, resolve);
  for (const branch of chosenBranches(schema, out, resolve))
    out = lowerCaseUuids(branch, out, resolve);
  if (typeof out === 'string') return schema.format === 'uuid' ? out.toLowerCase() : out;
  if (Array.isArray(out)) {
    const items = schema.items as SchemaNode | undefined;
    if (items) for (let i = 0; i < out.length; i++) out[i] = lowerCaseUuids(items, out[i], resolve);
  } else if (out !== null && typeof out === 'object') {
    const record = out as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
    const rest = schema.additionalProperties;
    for (const key of Object.keys(record)) {
      const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
      const child = own ?? (rest && typeof rest === 'object' ? (rest as SchemaNode) : undefined);
      if (child) record[key] = lowerCaseUuids(child, record[key], resolve);
    }
  }
  return out;
}

/**
 * The branches a valid value went through: of `oneOf` / `anyOf`, the one its discriminator names or
 * else the first it passes; of `if`, `then` or `else`.
 */
function chosenBranches(schema: SchemaNode, value: unknown, resolve: SchemaResolver): SchemaNode[] {
  const chosen: SchemaNode[] = [];
  const passes = (branch: SchemaNode) => validateSchema(branch, value, '', resolve).length === 0;
  const alternatives = (schema.oneOf ?? schema.anyOf) as SchemaNode[] | undefined;
  const discriminator = schema.discriminator as
    | { propertyName: string; mapping?: Record<string, string> }
    | undefined;
  const tag =
    discriminator && value !== null && typeof value === 'object'
      ? (value as Record<string, unknown>)[discriminator.propertyName]
      : undefined;
  const mapping = discriminator?.mapping ?? {};
  if (typeof tag === 'string' && Object.hasOwn(mapping, tag)) {
    chosen.push({ $ref: mapping[tag] as string });
  } else if (alternatives) {
    const match = alternatives.find(passes);
    if (match) chosen.push(match);
  }
  if (schema.if) {
    const branch = passes(schema.if as SchemaNode) ? schema.then : schema.else;
    if (branch) chosen.push(branch as SchemaNode);
  }
  return chosen;
}

const mentions = new WeakMap<SchemaNode, boolean>();

/** Whether a schema has `format: uuid` anywhere in it (remembered per schema object): most do not. */
function mentionsUuid(node: SchemaNode, resolve: SchemaResolver): boolean {
  const known = mentions.get(node);
  if (known !== undefined) return known;
  // Within a reference cycle, assume yes: a needless walk at worst, never a missed uuid.
  mentions.set(node, true);
  const schema = deref(node, resolve);
  const lists = [schema.allOf, schema.oneOf, schema.anyOf].flatMap(
    (l) => (l ?? []) as SchemaNode[],
  );
  const singles = [schema.then, schema.else, schema.items, schema.additionalProperties];
  const children = [
    ...lists,
    ...Object.values((schema.properties ?? {}) as Record<string, SchemaNode>),
    ...singles.filter((s): s is SchemaNode => s !== null && typeof s === 'object'),
  ];
  const found = schema.format === 'uuid' || children.some((c) => mentionsUuid(c, resolve));
  mentions.set(node, found);
  return found;
}
