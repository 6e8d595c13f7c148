const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * A request path with its percent-encoded unreserved characters decoded (`/v1/ag%65nts` is
 * `/v1/agents`), as RFC 3986 §6.2.2.2 says they are the same path; other escapes (`%2F`) stay as sent.
 */
export function normalizePath(path: string): string {
  if (!path.includes('%')) return path;
  return path.replace(ESCAPE, (written, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : written;
  });
}
