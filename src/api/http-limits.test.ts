/**
 * The timeouts and the per-client connection cap against the real app listening on
 * loopback, driven by raw sockets. Every wait is bounded.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { HttpLimits } from './http-limits.ts';
import { TOO_MANY_CONNECTIONS } from './connection-cap.ts';
import { API_SECURITY_HEADERS } from './plugins/security-headers.ts';

/** The security headers the API's answers carry, on a raw answer. */
function assertSecurityHeaders(text: string): void {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
    assert.ok(text.toLowerCase().includes(`\r\n${name}: ${value.toLowerCase()}\r\n`), name);
}

const LIMITS: HttpLimits = {
  requestTimeoutMs: 800,
  headersTimeoutMs: 400,
  idleTimeoutMs: 10_000,
  keepAliveTimeoutMs: 10_000,
  maxConnectionsPerClient: 3,
  // These sockets come from loopback: capped here as an outside client's would be.
  capLoopback: true,
};

interface Conversation {
  readonly socket: Socket;
  /** Everything the server sent, once it closed the connection (or the bound passed). */
  readonly closed: Promise<{ text: string; ms: number; closed: boolean }>;
}

function converse(port: number, boundMs = 4000): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    const closed = new Promise<{ text: string; ms: number; closed: boolean }>((done) => {
      const bound = setTimeout(() => {
        socket.destroy();
        done({ text, ms: Date.now() - started, closed: false });
      }, boundMs);
      socket.once('close', () => {
        clearTimeout(bound);
        done({ text, ms: Date.now() - started, closed: true });
      });
    });
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` a byte every `everyMs` until the socket closes. */
function trickle(socket: Socket, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('HTTP timeouts and the connection cap (real server on loopback)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp({ httpLimits: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  after(() => t.close());

  it('answers 408 and closes a connection whose body trickles in', async () => {
    const { socket, closed } = await converse(port);
    socket.write('POST /api/cyberscan HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n');
    trickle(socket, '{"address":"' + '0'.repeat(180), 100);
    const outcome = await closed;
    assert.equal(outcome.closed, true, `still open after ${outcome.ms} ms`);
    assert.match(outcome.text, /^HTTP\/1\.1 408 /);
    assert.ok(outcome.text.endsWith('{"message":"The request did not arrive in time"}'), outcome.text);
    assertSecurityHeaders(outcome.text);
    assert.ok(outcome.ms < LIMITS.requestTimeoutMs + 1000, `${outcome.ms} ms`);
  });

  it('answers 408 and closes a connection whose headers trickle in', async () => {
    const { socket, closed } = await converse(port);
    trickle(socket, 'GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ' + 'a'.repeat(100), 50);
    const outcome = await closed;
    assert.equal(outcome.closed, true, `still open after ${outcome.ms} ms`);
    assert.match(outcome.text, /^HTTP\/1\.1 408 /);
    assert.ok(outcome.ms < LIMITS.headersTimeoutMs + 1000, `${outcome.ms} ms`);
  });

  it('answers what is not HTTP 400 as {message}, with the security headers', async () => {
    const { socket, closed } = await converse(port);
    socket.write('HELLO THERE\r\n\r\n');
    const outcome = await closed;
    assert.match(outcome.text, /^HTTP\/1\.1 400 /);
    assert.ok(outcome.text.endsWith('{"message":"Malformed HTTP request"}'), outcome.text);
    assertSecurityHeaders(outcome.text);
  });

  it('serves 3 connections of one client at once, answers a 4th 429 without running its request, and frees a place on close', async () => {
    const held = await Promise.all([converse(port), converse(port), converse(port)]);
    const fourth = await converse(port);
    fourth.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    const refused = await fourth.closed;
    assert.equal(refused.closed, true);
    assert.match(refused.text, /^HTTP\/1\.1 429 /);
    assert.ok(refused.text.endsWith(JSON.stringify({ message: TOO_MANY_CONNECTIONS })), refused.text);
    assertSecurityHeaders(refused.text);
    assert.doesNotMatch(refused.text, /"status":"ok"/, 'the request on the refused connection never ran');
    // The held connections work.
    held[0]!.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n');
    assert.match((await held[0]!.closed).text, /^HTTP\/1\.1 200 [\s\S]*"status":"ok"/);
    // One closed: a new connection is served.
    const next = await converse(port);
    next.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n');
    assert.match((await next.closed).text, /^HTTP\/1\.1 200 /);
    for (const { socket } of held) socket.destroy();
  });
});

describe('the connection cap behind a trusted proxy', () => {
  it('is off: every connection comes from the proxy', async () => {
    const t = await createTestApp({ httpLimits: LIMITS, trustProxyHops: 1 });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const held = await Promise.all(Array.from({ length: 5 }, () => converse(port)));
      const last = await converse(port);
      last.socket.write('GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n');
      assert.match((await last.closed).text, /^HTTP\/1\.1 200 /);
      for (const { socket } of held) socket.destroy();
    } finally {
      await t.close();
    }
  });
});
