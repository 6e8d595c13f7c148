// The operations of the spec's paths, as the generators walk them.

/** The HTTP methods an operation of the spec may have, in the order a path's are taken. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of `spec.paths`, path by path in spec order: `{ path, method, op }`. */
export function specOperations(spec) {
  const operations = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of METHODS) {
      if (item?.[method]) operations.push({ path, method, op: item[method] });
    }
  }
  return operations;
}
