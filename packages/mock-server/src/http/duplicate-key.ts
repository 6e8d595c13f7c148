/** Where the scan is: inside an object (its keys so far, the last one) or an array (the index). */
type Frame =
  | { kind: 'object'; keys: Set<string>; key: string; expectKey: boolean }
  | { kind: 'array'; index: number };

/** The field a path of frames names, as details name one: `metadata.a`, `items[0].text`. */
function fieldOf(frames: Frame[], key: string): string {
  let field = '';
  const name = (segment: string) => (field === '' ? segment : `${field}.${segment}`);
  for (const frame of frames.slice(0, -1)) {
    field = frame.kind === 'array' ? `${field}[${frame.index}]` : name(frame.key);
  }
  return name(key);
}

/** The index of the quote that closes the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/**
 * The field of the first key that an object of `text`, which is valid JSON, has twice (the key as
 * JSON.parse reads it, escapes undone), or undefined: JSON.parse keeps the last value and drops the
 * others without a word.
 * @example duplicateKey('{"metadata":{"a":1,"a":2}}') // 'metadata.a'
 */
export function duplicateKey(text: string): string | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const top = frames.at(-1);
    if (char === '"') {
      const end = stringEnd(text, i);
      if (top?.kind === 'object' && top.expectKey) {
        const raw = text.slice(i, end + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        if (top.keys.has(key)) return fieldOf(frames, key);
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      i = end;
    } else if (char === '{') {
      frames.push({ kind: 'object', keys: new Set(), key: '', expectKey: true });
    } else if (char === '[') {
      frames.push({ kind: 'array', index: 0 });
    } else if (char === '}' || char === ']') {
      frames.pop();
    } else if (char === ',' && top !== undefined) {
      if (top.kind === 'object') top.expectKey = true;
      else top.index++;
    }
  }
  return undefined;
}
