// Local references of the spec, followed by the generators.

/** The node a `#/...` reference points to, following a chain of them; a node without `$ref` as it is. */
export function deref(spec, node) {
  let current = node;
  while (current?.$ref) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((n, key) => n?.[key], spec);
  }
  return current;
}
