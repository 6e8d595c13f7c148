/** A key that reads unambiguously after a dot: not empty, without `.`, `[`, `]` or `"`. */
const PLAIN_KEY = /^[^.[\]"]+$/;

/**
 * The path of `key` under `parent` ('' for the top): `parent.key`, `key` at the top, and
 * `parent["a.b"]` (`[""]` at the top) for a key a dot would misread: empty, or holding `.`, `[`,
 * `]` or `"`.
 */
export function keyPath(parent: string, key: string): string {
  if (!PLAIN_KEY.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/** A path in a body as a field name: `body` for the body itself, `body[""]` for one starting `[`. */
export function bodyField(path: string): string {
  return path === '' || path.startsWith('[') ? `body${path}` : path;
}
