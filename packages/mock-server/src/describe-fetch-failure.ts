/** Who failed to answer a fetch of the mock's, and which process a remedy restarts. */
export interface FetchPeer {
  /** `the receiver`, `the upstream`. */
  peer: string;
  /** `the mock`, `the proxy`: what to start with NODE_EXTRA_CA_CERTS. */
  process: string;
}

/**
 * Why a fetch failed, in a word where undici says one (`ECONNREFUSED`), else its message; with what
 * happened and what to do where the word alone says neither (a blocked port, an untrusted TLS
 * certificate, TLS to a plain HTTP server, a host name that does not resolve, a closed connection).
 */
export function describeFetchFailure(error: unknown, { peer, process }: FetchPeer): string {
  const cause = (
    error as { cause?: { code?: string; message?: string; hostname?: string } } | undefined
  )?.cause;
  const text =
    cause?.code ?? cause?.message ?? (error as Error | undefined)?.message ?? String(error);
  // undici refuses the fetch standard's blocked ports without connecting: say so, and what to do.
  if (text === 'bad port') {
    return `bad port: fetch refuses this port (the fetch standard blocks e.g. 6000, 6665-6669, 10080); give ${peer} another port`;
  }
  // Bare codes told an operator neither what failed nor the fix: the classic slips get a word each.
  const code = cause?.code;
  // An https:// URL to a server that speaks plain HTTP (OpenSSL 3.0 says the first, 3.2 the second).
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return `${code}: ${peer} answered TLS with plain HTTP; if it serves http, its URL starts http://`;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    const name = cause?.hostname ? ` ${cause.hostname}` : '';
    return code === 'ENOTFOUND'
      ? `${code}: no address for the host name${name} (${peer}'s URL); is it spelt right, and known to this machine's DNS or /etc/hosts?`
      : `${code}: the name server did not answer for${name || ' the host name'} (${peer}'s URL); is this machine offline?`;
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') {
    return `${code}: ${peer} closed the connection`;
  }
  // A bare OpenSSL code (UNABLE_TO_VERIFY_LEAF_SIGNATURE) told an operator neither what failed nor the fix.
  if (code === undefined || !UNTRUSTED.has(code)) return text;
  const said = cause?.message ? ` (${cause.message})` : '';
  return `${text}${said}: ${peer}'s TLS certificate is not trusted; for a CA of your own, start ${process} with NODE_EXTRA_CA_CERTS=ca.pem`;
}

/** OpenSSL's codes for a certificate no CA Node trusts vouches for (a CA of one's own, a self-signed one). */
const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);
