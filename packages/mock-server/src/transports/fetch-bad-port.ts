/**
 * The ports the fetch standard blocks ("bad ports"): Node's fetch, browsers and so the SDK refuse
 * to connect to them before any packet is sent (`TypeError: fetch failed`, cause `bad port`).
 * Read from Node 20's fetch, port by port; the same list as https://fetch.spec.whatwg.org/#bad-port.
 */
const FETCH_BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/**
 * What the CLI says when it listens on a port fetch refuses: curl and most HTTP clients of other
 * languages reach it, the SDK, Node's fetch and browsers do not. Undefined for any other port.
 */
export function fetchBadPortWarning(port: number): string | undefined {
  if (!FETCH_BAD_PORTS.has(port)) return undefined;
  return `port ${port} is one the fetch standard blocks: the SDK, Node's fetch and browsers refuse to connect to it ('bad port'), though curl and other clients can; pick another --port (4010 is the default)`;
}
