import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** A loosely typed view of the parsed spec, enough for structural assertions. */
// biome-ignore lint/suspicious/noExplicitAny: the spec is arbitrary YAML; tests assert on its shape.
export type SpecNode = any;

/** The path of the spec in the repository. */
export const specPath = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

/** Parses spec/openapi.yaml. */
export function loadSpec(): SpecNode {
  return parse(readFileSync(specPath, 'utf8'));
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference node. */
export function deref(spec: SpecNode, node: SpecNode): SpecNode {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`reference cycle at ${node.$ref}`);
    const parts = current.$ref.replace(/^#\//, '').split('/');
    current = parts.reduce(
      (n: SpecNode, key: string) => n?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      spec,
    );
    if (current === undefined) throw new Error(`unresolved reference ${node.$ref}`);
  }
  return current;
}

/** Every operation of the spec with its method and path. */
export function listOperations(spec: SpecNode): { method: string; path: string; op: SpecNode }[] {
  const out: { method: string; path: string; op: SpecNode }[] = [];
  for (const [path, item] of Object.entries<SpecNode>(spec.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      if (item[method]) out.push({ method: method.toUpperCase(), path, op: item[method] });
    }
  }
  return out;
}

/** Every object node of `node` with its JSON path, examples left out (they hold data, not schemas). */
export function specNodes(
  node: SpecNode,
  path = '#',
  out: { path: string; node: SpecNode }[] = [],
): { path: string; node: SpecNode }[] {
  if (node === null || typeof node !== 'object') return out;
  if (!Array.isArray(node)) out.push({ path, node });
  for (const [key, child] of Object.entries<SpecNode>(node)) {
    if (key === 'examples' || key === 'example') continue;
    specNodes(child, `${path}/${key}`, out);
  }
  return out;
}
