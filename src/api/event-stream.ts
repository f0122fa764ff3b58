/**
 * Starting a server-sent-events answer. A stream is written on the raw response after
 * `reply.hijack()`, and `writeHead` there sends only the headers it is given: the ones the
 * hooks already set on the reply (security headers, CORS, rate-limit counters) would be
 * lost. So every stream starts here, with the reply's headers and the stream's own.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';

export function startEventStream(reply: FastifyReply, headers: OutgoingHttpHeaders = {}): ServerResponse {
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
  return raw;
}
