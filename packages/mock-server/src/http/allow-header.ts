/** A 405's `Allow`: the path's methods, HEAD wherever GET is, and OPTIONS (answered for CORS). */
export function allowHeader(methods: readonly string[]): string {
  return [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', ');
}
