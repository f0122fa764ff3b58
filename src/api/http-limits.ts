/**
 * How long the HTTP server waits for a client, and how many connections one client may
 * hold (issue 30, finding 8: a body sent 1 byte every 5 s held its connection for ever,
 * and one client could open any number of them).
 *
 * Fastify leaves `requestTimeout` off and Node checks its timeouts only every 30 s, so
 * both are set here: the whole request (headers and body) must arrive within
 * `requestTimeoutMs`, the headers within `headersTimeoutMs` (408 otherwise, then the
 * connection closes); a socket with no traffic either way for `idleTimeoutMs` is closed
 * (event streams send a heartbeat, src/api/event-stream.ts); an idle keep-alive
 * connection is closed after `keepAliveTimeoutMs`. None of these limits how long the
 * server takes to answer.
 */
import type { ServerOptions } from 'node:http';

export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (HTTP_REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** The headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS; at most requestTimeoutMs). */
  readonly headersTimeoutMs: number;
  /** A socket without traffic either way is closed after this (HTTP_IDLE_TIMEOUT_MS). */
  readonly idleTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** Open connections per client address, an IPv6 /64 as one (MAX_CONNECTIONS_PER_CLIENT; 0: no cap). */
  readonly maxConnectionsPerClient: number;
  /**
   * Whether loopback peers are capped too (tests). Off by default: the service's own scan
   * readers call its devnet `/rpc` over loopback, many sockets at once during a scan, and a
   * local process is not the outside caller the cap is for.
   */
  readonly capLoopback?: boolean;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = Object.freeze({
  // An upload of the largest dashboard ZIP over a slow uplink fits in a minute.
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 15_000,
  // A whole answer is silent on the socket until it is sent: this must exceed the longest
  // (a chat answer collected as JSON from a slow local model can take minutes). It catches
  // clients that stop reading, or vanish without closing.
  idleTimeoutMs: 300_000,
  // Fastify's default: longer than the 60 s idle timeout of common load balancers, so
  // the balancer, not the server, closes a pooled connection.
  keepAliveTimeoutMs: 72_000,
  // A browser opens at most 6 per host; the load benches use 50.
  maxConnectionsPerClient: 64,
});

/** The Fastify server options that apply the timeouts. */
export function httpServerOptions(limits: HttpLimits): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
      // Node enforces the two timeouts above only when it checks, every 30 s by default:
      // a 15 s limit could take 45 s. A quarter of the shorter limit, at most a second.
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4))),
    },
  };
}
