/** A failed listen as one line naming the flag at fault and what to do (`what`: who may hold the port). */
export function listenFailure(
  error: Error & { code?: string },
  { host, port }: { host: string; port: number },
  what: string,
): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `${error.message}: the port is in use (is ${what} already running?); stop what holds it, or choose another port with --port (--port 0 takes a free one)`;
    case 'EACCES':
      return `--port ${port}: ${error.message}: a port below 1024 needs privileges; choose another with --port (--port 0 takes a free one)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `--host ${host}: ${error.message}: not an address, nor a name this machine resolves (127.0.0.1, ::1, 0.0.0.0 or localhost)`;
    case 'EADDRNOTAVAIL':
      return `--host ${host}: ${error.message}: not an address of this machine's interfaces (127.0.0.1, ::1, or 0.0.0.0 for all)`;
    default:
      return error.message;
  }
}
