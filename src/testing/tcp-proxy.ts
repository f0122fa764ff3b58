/**
 * A TCP proxy to a loopback service that a test can cut (every connection dropped, new
 * ones refused) and restore on the same port: how the fault tests "pull" the shared Redis
 * and PostgreSQL without stopping them.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Drops every connection and stops listening (the port then refuses). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
}

/** Starts the proxy listening; `{ cut: true }` reserves the port without listening (a dependency down at start). */
export async function tcpProxy(target: { host: string; port: number }, options: { cut?: boolean } = {}): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        port = (listening.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      for (const s of sockets) s.destroy();
      if (!closing) return resolve();
      closing.close(() => resolve());
    });
  await listen();
  if (options.cut) await cut();
  return {
    get port() {
      return port;
    },
    cut,
    restore: listen,
  };
}
