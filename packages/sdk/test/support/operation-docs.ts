// What a method's doc comment says of its operation, from spec/openapi.yaml: its route and the scope
// it needs in each variant, then each error the spec documents for it beyond the ones that every
// operation may answer. checkHovers checks the methods' hovers against it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { APIError } from '../../src/index.js';
import { hovers } from './hover.js';
import { METHODS, SPEC_URL, specOperations } from './operations.js';

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
  description?: string;
}

interface Response {
  $ref?: string;
  description?: string;
}

interface Operation {
  operationId: string;
  security?: unknown[];
  'x-scopes'?: { A: string[]; B: string[] };
  parameters?: Parameter[];
  responses: Record<string, Response>;
}

interface Spec {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter> };
}

const spec: Spec = parse(readFileSync(SPEC_URL, 'utf8'));

// The responses every operation may answer (the spec's introduction and the SDK's README say when):
// listed on every method, they would bury the ones that are the method's own.
const COMMON = new Set([
  'BadRequest',
  'Unauthorized',
  'Forbidden',
  'PayloadTooLarge',
  'TooManyRequests',
  'InternalError',
  'ServiceUnavailable',
]);

const code = (text: string) => `\`${text}\``;

/** "The agent." -> "agent"; "The chat (the same id as its conversation)." -> "chat". */
function noun(parameter: Parameter): string | undefined {
  return /^The ([^(.]+?)(?: \(.*\))?\.$/.exec(parameter.description ?? '')?.[1];
}

// "The agent is inactive." -> "the agent is inactive." (an initialism, "MCP", stays as it is).
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;

function scopes(operation: Operation): string {
  if (operation.security?.length === 0) return 'No API key needed.';
  const scopes = operation['x-scopes'];
  if (!scopes) throw new Error(`${operation.operationId}: no x-scopes in the spec`);
  const { A, B } = scopes;
  const names = (list: string[]) => list.map(code).join(' or ') || 'none';
  if (names(A) === names(B))
    return A.length === 0 ? 'Any valid key, no scope.' : `Scope ${names(A)}.`;
  return `Scope ${names(A)} in Variant A, ${names(B)} in Variant B.`;
}

function when(operationId: string, status: string, response: Response, path: Parameter[]): string {
  if (response.description !== undefined)
    return lowerFirst(response.description.replace(/^Conflict: /, ''));
  const [id, ...more] = path;
  const name = id && noun(id);
  if (status === '404' && name && more.length === 0)
    return `the ${name} (${code('id')}) does not exist.`;
  throw new Error(
    `${operationId}: the spec does not say when it answers ${status}; give the response a description beside its $ref`,
  );
}

/** The operation's route and scopes, as the method's doc comment says them after its summary. */
export function routeAndScopes(operationId: string): string {
  const [method, path, operation] = find(operationId);
  return `${code(`${method.toUpperCase()} ${path}`)}. ${scopes(operation)}`;
}

/** The `@throws` tags of the method's doc comment: the errors the spec documents for the operation. */
export function throwsTags(operationId: string): string[] {
  const [, , operation] = find(operationId);
  const path = (operation.parameters ?? [])
    .map((p) => (p.$ref ? spec.components.parameters[p.$ref.split('/').pop() as string] : p))
    .filter((p): p is Parameter => p?.in === 'path');
  const tags: string[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) < 400) continue;
    const ref = response.$ref?.split('/').pop();
    if (ref && COMMON.has(ref) && response.description === undefined) continue;
    // The class the SDK throws for this status, from the factory that builds it.
    const error = APIError.generate(Number(status), {}, new Headers()).name;
    tags.push(`${status} {@link ${error}} when ${when(operationId, status, response, path)}`);
  }
  return tags;
}

/** The lines of the method's doc comment after its one-line summary, as they go in the source. */
export function linesToWrite(operationId: string): string {
  const tags = throwsTags(operationId);
  const lines = [
    '',
    routeAndScopes(operationId),
    ...(tags.length > 0 ? ['', ...tags.map((tag) => `@throws ${tag}`)] : []),
  ];
  return lines.map((line) => `   *${line && ` ${line}`}`).join('\n');
}

function find(operationId: string): [string, string, Operation] {
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId === operationId) return [method, path, operation];
    }
  }
  throw new Error(`no operation ${operationId} in the spec`);
}

/**
 * One test per operation: its method's hover, the client imported from `entry` (relative to
 * packages/sdk/test), gives a summary first, then the route and scopes and the `@throws` tags.
 */
export function checkHovers(entry: string): void {
  const hover = hovers(
    entry,
    Object.values(METHODS).map(([name]) => name),
  );
  it.each(specOperations())('$operationId: $method $path', ({ operationId }) => {
    const [name] = METHODS[operationId] ?? [];
    if (!name) throw new Error(`no SDK method for ${operationId}`);
    const { paragraphs, throws } = hover(name);
    const write = `; its doc comment's one-line summary is followed by\n${linesToWrite(operationId)}\n`;
    expect(paragraphs.length, `client.${name}: a summary, then the route${write}`).toBeGreaterThan(
      1,
    );
    expect(paragraphs[0], `client.${name}: a summary first${write}`).not.toMatch(/^`/);
    expect(paragraphs.at(-1), `client.${name}: the doc comment's last paragraph${write}`).toBe(
      routeAndScopes(operationId),
    );
    expect(throws, `client.${name}: the doc comment's @throws tags${write}`).toEqual(
      throwsTags(operationId),
    );
  });
}
