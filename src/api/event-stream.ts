/**
 * Starting a server-sent-events answer. A stream is written on the raw response after
 * `reply.hijack()`, and `writeHead` there sends only the headers it is given: the ones the
 * hooks already set on the reply (security headers, CORS, rate-limit counters) would be
 * lost. So every stream starts here, with the reply's headers and the stream's own.
 *
 * A stream may be quiet for a long time (a scan's stage, a model's answer): a comment line
 * every `heartbeatMs` keeps it from counting as idle, for the server's idle timeout
 * (HTTP_IDLE_TIMEOUT_MS) and for proxies in between alike.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export const HEARTBEAT_MS = 20_000;

export function startEventStream(
  reply: FastifyReply,
  headers: OutgoingHttpHeaders = {},
  options: { heartbeatMs?: number } = {},
): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    // A proxy must neither buffer nor rewrite the events.
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
    ...headers,
  });
  const heartbeat = setInterval(() => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(': keep-alive\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS).unref();
  const stop = () => clearInterval(heartbeat);
  raw.once('finish', stop);
  raw.once('close', stop);
  return raw;
}
