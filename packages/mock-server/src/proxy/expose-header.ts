/**
 * Lets a page read the header `name` where the answer lets pages read it at all (its
 * Access-Control-Allow-Origin, the upstream's or the proxy's own): added to the headers it exposes.
 */
export function exposeHeader(headers: Headers, name: string): void {
  if (!headers.has('access-control-allow-origin')) return;
  const exposed = headers.get('access-control-expose-headers');
  const names = exposed?.split(',').map((listed) => listed.trim().toLowerCase()) ?? [];
  // `*` is every header only for a request without credentials (the Fetch standard).
  const credentialed = headers.get('access-control-allow-credentials')?.trim() === 'true';
  if ((names.includes('*') && !credentialed) || names.includes(name.toLowerCase())) return;
  headers.set('access-control-expose-headers', exposed ? `${exposed}, ${name}` : name);
}
