// JSON for generated files, every character beyond ASCII escaped.

/**
 * `value` as JSON (indented by 2) with every character beyond ASCII escaped (`\u200B`): the spec's
 * patterns hold invisible characters (zero-width spaces, U+2028), which a reader of the file, a diff
 * and some tools would not see, or would take for a line's end (PyYAML does, in YAML).
 */
export function asciiJson(value) {
  return JSON.stringify(value, null, 2).replace(
    /[\u007F-\uFFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
