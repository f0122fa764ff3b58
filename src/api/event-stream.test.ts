import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { startEventStream } from './event-stream.ts';

test('a quiet event stream outlives the idle timeout on heartbeats, and carries the headers hooks set', async () => {
  // Sockets idle for 300 ms are closed; the stream's one event comes after 900 ms.
  const app = Fastify({ connectionTimeout: 300 });
  app.addHook('onRequest', async (_request, reply) => void reply.header('x-frame-options', 'DENY'));
  app.get('/events', async (_request, reply) => {
    const raw = startEventStream(reply, {}, { heartbeatMs: 100 });
    setTimeout(() => raw.end('event: end\ndata: {}\n\n'), 900).unref();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ headers: Record<string, unknown>; body: string; complete: boolean }>((resolve, reject) => {
      const bound = setTimeout(() => reject(new Error('no answer within 5 s')), 5000);
      request({ port, host: '127.0.0.1', path: '/events' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('close', () => {
          clearTimeout(bound);
          resolve({ headers: res.headers, body, complete: res.complete });
        });
      })
        .on('error', reject)
        .end();
    });
    assert.equal(answer.headers['x-frame-options'], 'DENY');
    assert.match(String(answer.headers['content-type']), /^text\/event-stream/);
    assert.equal(answer.complete, true, 'the stream ended by itself, not cut at the idle timeout');
    assert.match(answer.body, /^: keep-alive\n\n/);
    assert.match(answer.body, /event: end\ndata: \{\}\n\n$/);
  } finally {
    await app.close();
  }
});
