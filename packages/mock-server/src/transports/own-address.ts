const isIpv4Loopback = (host: string) => /^127\.\d+\.\d+\.\d+$/.test(host);

/** The addresses a connection to `host` may reach: a name's, and a wildcard's loopback. */
function reached(host: string): string[] {
  if (host === 'localhost') return ['127.0.0.1', '::1'];
  if (host === '0.0.0.0') return ['127.0.0.1'];
  if (host === '::') return ['::1'];
  return [host];
}

/** Whether a server listening on `host` takes a connection to `address` (one of reached's). */
function takes(host: string, address: string): boolean {
  if (host === '::') return isIpv4Loopback(address) || address === '::1';
  if (host === '0.0.0.0') return isIpv4Loopback(address);
  if (host === 'localhost') return address === '127.0.0.1' || address === '::1';
  return address === host;
}

/**
 * Whether `upstream` (an http(s) URL) is the address a server listening on `host` and `port` answers
 * at: a proxy given its own address would forward each request to itself, without end. Loopback
 * and wildcard names are compared as what they reach; another address of this machine is not told
 * apart from another machine's.
 */
export function isOwnAddress(upstream: string, host: string, port: number): boolean {
  const url = new URL(upstream);
  if (url.protocol !== 'http:' || Number(url.port || 80) !== port) return false;
  // Lower case, an IPv6 address without a URL's brackets.
  const to = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const on = host.toLowerCase();
  return reached(to).some((address) => takes(on, address));
}
