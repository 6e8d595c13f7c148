import type { Violation } from '../proxy/violation-log.js';

// C0 controls, DEL, and what some viewers take for a line break (NEL, LS, PS).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it finds.
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;

/**
 * The line `agent-platform-mock proxy` prints on stderr per violation:
 * `agent-platform-mock: violation response GET /v1/agents 200 data[3].status: must be one of ... (enum)`,
 * the status `-` when the request was not forwarded or not answered; control characters escaped,
 * so that an upstream's text cannot break the line or forge another.
 */
export function violationLine(v: Violation): string {
  const line = `agent-platform-mock: violation ${v.in} ${v.method} ${v.path} ${v.status ?? '-'} ${v.message} (${v.rule})`;
  return `${line.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
