// C0 controls, DEL, the C1 controls (NEL a line break to some viewers, U+009B a terminal's CSI,
// which could move the cursor over earlier lines) and LS and PS.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

function escaped(c: string): string {
  const json = JSON.stringify(c).slice(1, -1);
  return json === c ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : json;
}

/** `text` with its control characters escaped (`\n`, `\u0085`), so that it prints as one line. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escaped);
}
