// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are not forwarded; the framing
// (length, encoding) is the proxy's own on each side, as are the target's Host and `Expect`.
const NOT_FORWARDED = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/** The headers of `from` that a proxy passes on: all but the hop-by-hop ones and those `Connection` names. */
export function forwardHeaders(from: Headers, drop: readonly string[] = []): Headers {
  const named = (from.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase());
  const skip = (name: string) =>
    NOT_FORWARDED.has(name) || named.includes(name) || drop.includes(name);
  const out = new Headers();
  for (const [name, value] of from) {
    if (name === 'set-cookie' || skip(name)) continue;
    out.set(name, value);
  }
  // Headers joins repeated Set-Cookie headers with commas, which cookies may hold: one each.
  if (!skip('set-cookie'))
    for (const cookie of from.getSetCookie()) out.append('set-cookie', cookie);
  return out;
}
