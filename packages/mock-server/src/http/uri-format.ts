/**
 * The spec's `format: uri`: an absolute URI of RFC 3986, checked beyond what `new URL` takes, so that
 * every URL the API stores and reads back is a URI. Each problem has its own message.
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// RFC 3986's characters, a `%` always followed by two hex digits: `new URL` would take a space, a
// quote, a brace or a non-ASCII letter and encode it, and the value stored would not be a URI.
const CHARACTERS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
// An IP-literal host (`[::1]`), the one place RFC 3986 lets `[` and `]` in: right after `//` and
// any userinfo, followed by a port, the path, the query, the fragment or the end.
const IP_LITERAL_HOST =
  /^([A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@[\]]*@)?)\[[^/?#@[\]]+\](?=[:/?#]|$)/;
// The authority: after `//`, up to the path, the query or the fragment.
const AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/;

/** Why the value is not an absolute URI, or null when it is one. */
export function uriProblem(value: string): string | null {
  if (!SCHEME.test(value)) {
    return 'must be an absolute URI, starting with its scheme (such as https:)';
  }
  if (!CHARACTERS.test(value)) {
    const host = idnHost(value);
    if (host)
      return `must be an absolute URI, its host in ASCII: ${host} (punycode), not percent-encoded`;
    return 'must be an absolute URI, its spaces and other characters outside RFC 3986 percent-encoded';
  }
  if (/[[\]]/.test(value.replace(IP_LITERAL_HOST, '$1'))) {
    return 'must be an absolute URI, with [ and ] only around an IP address as its host (http://[::1]/); elsewhere percent-encoded (%5B, %5D)';
  }
  // `new URL` takes the last @ as the end of the userinfo and encodes the others; RFC 3986 has one.
  if ((AUTHORITY.exec(value)?.[1] ?? '').split('@').length > 2) {
    return 'must be an absolute URI, with one @ at most, after its userinfo; an @ in the userinfo percent-encoded (%40)';
  }
  if (value.indexOf('#') !== value.lastIndexOf('#')) {
    return 'must be an absolute URI, with one # at most, before its fragment; a # in the fragment percent-encoded (%23)';
  }
  // `new URL` skips an empty host in the schemes it knows (http:///x is http://x/), so the URL
  // stored would not be the one used; RFC 9110 has no http URL without a host (file:/// may).
  const [, authority] = AUTHORITY.exec(value) ?? [];
  if (
    authority !== undefined &&
    /^(?:https?|wss?|ftp):/i.test(value) &&
    authority.replace(/^[^@]*@/, '').replace(/:\d*$/, '') === ''
  ) {
    return 'must be an absolute URI, with a host after its //';
  }
  try {
    new URL(value);
    return null;
  } catch {
    return 'must be an absolute URI, with a valid host and port';
  }
}

/** The ASCII (punycode) form of a host written in other letters (`café.com`), or null. */
function idnHost(value: string): string | null {
  // The host: the authority without its userinfo (a non-ASCII user name is for percent-encoding).
  const host = (AUTHORITY.exec(value)?.[1] ?? '').replace(/^[^@]*@/, '');
  if (!/[\u0080-\uffff]/.test(host)) return null;
  try {
    // Punycode for http(s) and the other special schemes; any other scheme's host comes back
    // percent-encoded, which is no advice to give, and a host with a space does not parse.
    const { hostname } = new URL(value);
    return /^[A-Za-z0-9.-]+$/.test(hostname) ? hostname : null;
  } catch {
    return null;
  }
}
