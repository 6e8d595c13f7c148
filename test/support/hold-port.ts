import { connect, createServer, type Socket } from 'node:net';

/** A port held by `holdPort`: its number, and `release` to give it back. */
export interface HeldPort {
  port: number;
  release(): Promise<void>;
}

/**
 * A port on 127.0.0.1 where nothing listens (a connection to it is refused, ECONNREFUSED) and that
 * stays this process's until `release`: a socket bound to it is connected to a server of its own,
 * so the system gives it to no server that asks for port 0 (another test's), as it may a port
 * bound and then released (`freePort`; on Linux, of 40,000 listen(0) calls none got a held port,
 * 5 a released one). A server of this process may listen on it meanwhile, and close again: Node
 * binds every TCP socket with SO_REUSEADDR, with which Linux lets a listening socket share the
 * port with a connected one.
 */
export async function holdPort(): Promise<HeldPort> {
  const accepted: Socket[] = [];
  const anchor = createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve, reject) => {
    anchor.once('error', reject);
    anchor.listen(0, '127.0.0.1', resolve);
  });
  const { port: anchorPort } = anchor.address() as { port: number };
  const holder = connect({ host: '127.0.0.1', port: anchorPort, localAddress: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.once('connect', resolve);
  });
  return {
    port: holder.localPort as number,
    release: async () => {
      holder.destroy();
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => anchor.close(() => resolve()));
    },
  };
}
