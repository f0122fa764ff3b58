/**
 * A cap on the connections one client address holds open at once (an IPv6 /64 counts as
 * one address, like the rate limits). Past the cap a new connection is answered 429 and
 * closed without any request on it being handled; closing one frees a place.
 *
 * The count is of sockets, so it sees the peer: behind a reverse proxy that peer is the
 * proxy, whose connections the cap must not throttle, so the caller leaves the cap off
 * when proxies are trusted (TRUST_PROXY_HOPS > 0); the proxy then limits its clients.
 */
import type { Server, Socket } from 'node:net';
import { clientRateKey } from '../limits/client-key.ts';
import { rawAnswer } from './client-error.ts';

export const TOO_MANY_CONNECTIONS = 'Too many connections from this client';

const REFUSAL = rawAnswer(429, TOO_MANY_CONNECTIONS);

export interface ConnectionCap {
  /** Open connections of the client at `address`. */
  open(address: string): number;
}

export function capConnectionsPerClient(
  server: Server,
  max: number,
  options: { readonly exempt?: (address: string) => boolean } = {},
): ConnectionCap {
  const counts = new Map<string, number>();
  // The HTTP server's own 'connection' listeners run only for sockets within the cap: a
  // refused socket is never parsed, so no request on it reaches a route.
  const listeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (options.exempt?.(socket.remoteAddress ?? '')) {
      for (const listener of listeners) listener.call(server, socket);
      return;
    }
    const key = clientRateKey(socket.remoteAddress ?? '');
    const open = (counts.get(key) ?? 0) + 1;
    if (open > max) return refuse(socket);
    counts.set(key, open);
    socket.once('close', () => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    });
    for (const listener of listeners) listener.call(server, socket);
  });
  return { open: (address) => counts.get(clientRateKey(address)) ?? 0 };
}

/** Answers 429 and closes; what the client sends meanwhile is read and dropped, so the close is not a reset. */
function refuse(socket: Socket): void {
  const timer = setTimeout(() => socket.destroy(), 1000).unref();
  socket.on('error', () => {});
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  socket.resume();
  socket.end(REFUSAL);
}
