import type { ErrorDetail } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { bodyField, keyPath } from '../key-path.js';
import { didYouMean } from './did-you-mean.js';
import {
  canonicalJson,
  FORMATS,
  listValues,
  matchesType,
  sameJson,
  typeList,
} from './schema-rules.js';

/** Resolves `#/components/schemas/Name` references. */
export type SchemaResolver = (ref: string) => SchemaNode;

type Json = unknown;

/**
 * Checks a JSON value against a schema of the spec (the subset of JSON Schema 2020-12 it uses),
 * pushing one detail per violated rule, each naming the field and the rule.
 */
export function validateSchema(
  schema: SchemaNode,
  value: Json,
  field: string,
  resolve: SchemaResolver,
): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  check(schema, value, field, resolve, issues);
  return issues;
}

function check(
  node: SchemaNode,
  value: Json,
  field: string,
  resolve: SchemaResolver,
  out: ErrorDetail[],
): void {
  if (typeof node.$ref === 'string' && hasRuleBesideRef(node)) {
    // 2020-12: a rule beside a reference applies as well as the target's, not instead of it.
    const { $ref, ...beside } = node;
    check({ $ref }, value, field, resolve, out);
    check(beside, value, field, resolve, out);
    return;
  }
  const schema = deref(node, resolve);
  const add = (rule: string, text: string, at = field) =>
    out.push({ field: at, rule, message: `${at}: ${text}` });

  if (schema.allOf)
    for (const part of schema.allOf as SchemaNode[]) check(part, value, field, resolve, out);
  if (schema.oneOf || schema.anyOf) {
    if (!checkAlternatives(schema, value, field, resolve, out)) return;
  }
  if (schema.if) {
    const branch = passes(schema.if as SchemaNode, value, field, resolve)
      ? schema.then
      : schema.else;
    if (branch) checkConditional(branch as SchemaNode, value, field, resolve, out);
  }
  if (schema.not && passes(schema.not as SchemaNode, value, field, resolve)) {
    const not = schema.not as SchemaNode;
    const names = Array.isArray(not.required) ? (not.required as string[]) : [];
    // `not: {required: [x]}` forbids a field: name the field itself.
    const at = names.length === 1 ? child(field, names[0] as string) : field;
    // The spec may name the rule (`x-rule`) as it names a pattern's.
    const rule = typeof not['x-rule'] === 'string' ? not['x-rule'] : 'not';
    add(rule, (not['x-message'] as string | undefined) ?? 'is not allowed here', at);
  }

  if ('const' in schema && !sameJson(value, schema.const)) {
    add('const', `must be ${JSON.stringify(schema.const)}`);
    return;
  }
  if (schema.type !== undefined && !matchesType(schema.type as string | string[], value)) {
    // JSON.parse reads a number past a double's range (1e309) as Infinity: a number was sent.
    const numeric = [schema.type].flat().some((t) => t === 'number' || t === 'integer');
    const range =
      numeric && typeof value === 'number' && !Number.isFinite(value)
        ? ` (this one is beyond a double's range, ±1.8e308)`
        : '';
    add('type', `must be ${typeList(schema.type as string | string[])}${range}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => sameJson(v, value))) {
    // A slip for one of them is named: a long list is cut short, and the one meant may be past the cut.
    const named = schema.enum.filter((v): v is string => typeof v === 'string');
    const hint = typeof value === 'string' ? didYouMean(value, named) : '';
    add('enum', `must be one of ${listValues(schema.enum)}${hint}`);
    return;
  }
  if (typeof value === 'string') checkString(schema, value, add);
  else if (typeof value === 'number') checkNumber(schema, value, add);
  else if (Array.isArray(value)) checkArray(schema, value, field, resolve, out, add);
  else if (value !== null && typeof value === 'object')
    checkObject(schema, value as Record<string, Json>, field, resolve, out, add);
}

type Add = (rule: string, text: string, at?: string) => void;

function checkString(schema: SchemaNode, value: string, add: Add): void {
  // Counted in code points, and only when a length is asked (a state import checks every string).
  const bounded = typeof schema.minLength === 'number' || typeof schema.maxLength === 'number';
  const length = bounded ? [...value].length : 0;
  // Too short or too long says it all: a pattern or format is not run over it as well (an empty
  // name is not also blank; a pattern is not run over a string of any length).
  if (typeof schema.minLength === 'number' && length < schema.minLength) {
    add(
      'minLength',
      schema.minLength === 1
        ? 'must not be empty'
        : `must be at least ${schema.minLength} characters`,
    );
    return;
  }
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
    add('maxLength', `must be at most ${count(schema.maxLength, 'character')}`);
    return;
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    // The spec says in words what a pattern asks (`x-pattern-message`), and may name its rule.
    const rule = schema['x-pattern-rule'];
    const text = schema['x-pattern-message'];
    add(
      typeof rule === 'string' ? rule : 'pattern',
      typeof text === 'string' ? text : `must match ${schema.pattern}`,
    );
  }
  // FORMATS' own keys only: a format named constructor or toString is one it does not know.
  const { format } = schema;
  const problem =
    typeof format === 'string' && Object.hasOwn(FORMATS, format) && FORMATS[format]?.(value);
  if (problem) add('format', problem);
}

function checkNumber(schema: SchemaNode, value: number, add: Add): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    add('minimum', `must be at least ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    add('maximum', `must be at most ${schema.maximum}`);
}

function checkArray(
  schema: SchemaNode,
  value: Json[],
  field: string,
  resolve: SchemaResolver,
  out: ErrorDetail[],
  add: Add,
): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    add('minItems', `must have at least ${count(schema.minItems, 'item')}`);
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    add('maxItems', `must have at most ${count(schema.maxItems, 'item')}`);
    return;
  }
  if (schema.uniqueItems) {
    // Name the first item that repeats: in a list of 100 tags, "duplicates" alone leaves a search.
    const seen = new Set<string>();
    const repeated = value
      .map((v) => canonicalJson(v))
      .find((key) => seen.size === seen.add(key).size);
    if (repeated !== undefined) {
      add('uniqueItems', `must not contain duplicates (${shorten(repeated)} is repeated)`);
    }
  }
  if (schema.items) {
    // Every index, a hole too (an in-process value: `delete list[1]`), which forEach would skip
    // and the code after the check would then read as a record.
    for (let i = 0; i < value.length; i++) {
      check(schema.items as SchemaNode, value[i] as Json, `${field}[${i}]`, resolve, out);
    }
  }
}

function checkObject(
  schema: SchemaNode,
  value: Record<string, Json>,
  field: string,
  resolve: SchemaResolver,
  out: ErrorDetail[],
  add: Add,
): void {
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const keys = Object.keys(value);
  if (typeof schema.maxProperties === 'number' && keys.length > schema.maxProperties) {
    add('maxProperties', `must have at most ${count(schema.maxProperties, 'key')}`);
    return;
  }
  if (typeof schema.minProperties === 'number' && keys.length < schema.minProperties) {
    add('minProperties', `must have at least ${count(schema.minProperties, 'key')}`);
  }
  for (const name of (schema.required ?? []) as string[]) {
    // Its own: `{}` has no `constructor` of its own, though `'constructor' in {}` is true.
    if (!Object.hasOwn(value, name)) add('required', 'is required', child(field, name));
  }
  for (const key of keys) {
    const at = child(field, key);
    const names = schema.propertyNames as SchemaNode | undefined;
    const wrongKey = names ? validateSchema(names, key, 'key', resolve) : [];
    if (wrongKey.length > 0) {
      // "metadata.x: key must be at most 40 characters": the key, not its value, is wrong.
      for (const issue of wrongKey)
        add('propertyNames', issue.message.replace('key: ', 'key '), at);
      continue;
    }
    const own = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (own) check(own, value[key], at, resolve, out);
    else if (schema.additionalProperties === false)
      add('unknown', `is not a known field${didYouMean(key, Object.keys(properties))}`, at);
    else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      check(schema.additionalProperties as SchemaNode, value[key], at, resolve, out);
    }
  }
}

/** oneOf / anyOf: passes when a branch passes; else reports the closest branch that takes the value's type. */
function checkAlternatives(
  schema: SchemaNode,
  value: Json,
  field: string,
  resolve: SchemaResolver,
  out: ErrorDetail[],
): boolean {
  const written = (schema.oneOf ?? schema.anyOf) as SchemaNode[];
  // Followed to read their type and required names; checked as written (rules beside a $ref).
  const branches = written.map((b) => deref(b, resolve));
  const discriminator = schema.discriminator as
    | { propertyName: string; mapping?: Record<string, string> }
    | undefined;
  if (discriminator && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const tag = (value as Record<string, Json>)[discriminator.propertyName];
    const mapping = discriminator.mapping ?? {};
    const at = child(field, discriminator.propertyName);
    if (tag === undefined) {
      out.push({ field: at, rule: 'required', message: `${at}: is required` });
      return false;
    }
    const target =
      typeof tag === 'string' && Object.hasOwn(mapping, tag) ? mapping[tag] : undefined;
    if (!target) {
      out.push({
        field: at,
        rule: 'enum',
        message: `${at}: must be one of ${listValues(Object.keys(mapping))}`,
      });
      return false;
    }
    check({ $ref: target }, value, field, resolve, out);
    return false;
  }
  // "At least one of" (`anyOf: [{required: [name]}, {required: [email]}]`) is about presence: a
  // branch's `properties` only name the field's type for generated clients, and a field of the
  // wrong type is the properties' own error, not a missing field.
  const namesOnly = (b: SchemaNode) =>
    Array.isArray(b.required) &&
    Object.keys(b).every((k) => k === 'required' || k === 'properties' || !isRule(k));
  // An anyOf's only: a oneOf of names means exactly one of them, which the branches' loop checks.
  if (!schema.oneOf && branches.every(namesOnly)) {
    // `required` holds for anything but an object (its type is another rule's to check).
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
    const present = (b: SchemaNode) =>
      (b.required as string[]).every((k) => Object.hasOwn(value, k));
    if (branches.some(present)) return true;
    const names = branches.flatMap((b) => b.required as string[]);
    out.push({
      field,
      rule: 'anyOf',
      message: `${field}: must have at least one of ${names.join(', ')}`,
    });
    return false;
  }
  // anyOf: the first branch that passes ends the search. oneOf: so does a second one, which breaks it.
  const attempts: ErrorDetail[][] = [];
  const passed: number[] = [];
  for (const [i, branch] of written.entries()) {
    const issues = validateSchema(branch, value, field, resolve);
    if (issues.length === 0) {
      passed.push(i + 1);
      if (!schema.oneOf || passed.length > 1) break;
    } else attempts.push(issues);
  }
  if (passed.length === 1) return true;
  if (passed.length > 1) {
    const text = `must match exactly one of its ${branches.length} alternatives, not several (it matches #${passed[0]} and #${passed[1]})`;
    out.push({ field, rule: 'oneOf', message: `${field}: ${text}` });
    return false;
  }
  const wrongType = (issues: ErrorDetail[]) =>
    issues.some((i) => i.field === field && i.rule === 'type');
  if (attempts.every(wrongType)) {
    const types = branches.flatMap((b) =>
      b.type === undefined ? [] : ([] as string[]).concat(b.type as string),
    );
    out.push({ field, rule: 'type', message: `${field}: must be ${typeList(types)}` });
    return false;
  }
  // A branch that rejects the value's JSON type is the worst match, however few issues it has:
  // an object with two mistakes sent to `oneOf: [BusinessHours, {type: null}]` must hear about
  // the two mistakes, not "must be null". Among the branches that take its type, fewest wins.
  const closest = attempts
    .filter((issues) => !wrongType(issues))
    .reduce((best, issues) => (issues.length < best.length ? issues : best));
  // `anyOf: [{enum: [...]}, {type: null}]` (a nullable enum, as generators read it best): the
  // enum's message names null too, as one enum listing null would.
  const [only] = closest;
  if (
    closest.length === 1 &&
    only?.field === field &&
    only.rule === 'enum' &&
    branches.some((b) => b.type === 'null')
  ) {
    out.push({ ...only, message: `${only.message} or null` });
    return false;
  }
  out.push(...closest);
  return false;
}

/** then / else of a condition: required names get the branch's own message when it has one. */
function checkConditional(
  branch: SchemaNode,
  value: Json,
  field: string,
  resolve: SchemaResolver,
  out: ErrorDetail[],
): void {
  const issues = validateSchema(branch, value, field, resolve);
  const message = branch['x-message'] as string | undefined;
  for (const issue of issues) {
    out.push(
      message && issue.rule === 'required'
        ? { ...issue, message: `${issue.field}: ${message}` }
        : issue,
    );
  }
}

function passes(schema: SchemaNode, value: Json, field: string, resolve: SchemaResolver): boolean {
  return validateSchema(schema, value, field, resolve).length === 0;
}

// What may sit beside a `$ref` and only describe it: `deref` lays these over the target.
const ANNOTATIONS = new Set([
  '$ref',
  'description',
  'default',
  'examples',
  'example',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Whether a keyword checks a value (`required`, `type`), not only describes it. */
function isRule(key: string): boolean {
  return !ANNOTATIONS.has(key) && !key.startsWith('x-');
}

// Asked of every reference on every check (each item of a page): answered once per node.
const ruleBesideRef = new WeakMap<SchemaNode, boolean>();

/** Whether a node with a `$ref` has a rule beside it, which applies as well as the target's. */
function hasRuleBesideRef(node: SchemaNode): boolean {
  let known = ruleBesideRef.get(node);
  if (known === undefined) {
    known = Object.keys(node).some(isRule);
    ruleBesideRef.set(node, known);
  }
  return known;
}

/** The schema a node stands for: its `$ref` chain followed, the reference's siblings over the target. */
export function deref(node: SchemaNode, resolve: SchemaResolver): SchemaNode {
  let current = node;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    if (hops > 32) throw new Error(`reference cycle at ${String(node.$ref)}`);
    const target = resolve(current.$ref as string);
    // Copy only when the reference has siblings (a `default`, a `description`): most do not.
    if (!hasSiblings(current)) current = target;
    else {
      const { $ref, ...siblings } = current;
      current = { ...target, ...siblings };
    }
  }
  return current;
}

/** Whether a reference has a key besides `$ref`, without listing its keys. */
function hasSiblings(node: SchemaNode): boolean {
  for (const key in node) if (key !== '$ref') return true;
  return false;
}

/** A value as quoted in a message, cut at 60 characters: an item may be long. */
function shorten(json: string): string {
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

function child(field: string, key: string): string {
  // A key a dot would misread in brackets, under body at the top: body[""], hours["a.b"].
  return bodyField(keyPath(field === 'body' ? '' : field, key));
}

/** `n` and the noun, plural but for one: `1 item`, `2 items`. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
