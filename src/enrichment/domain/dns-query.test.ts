import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { DnsQueryError, rawDnsQuery, txtText } from './dns-query.ts';

/** A UDP socket that answers each query with `answer(query)` packets (none: stays silent). */
async function udpServer(answer: (query: dnsPacket.DecodedPacket) => Buffer[]) {
  const socket = createSocket('udp4');
  socket.on('message', (message, from) => {
    for (const packet of answer(dnsPacket.decode(message))) socket.send(packet, from.port, from.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return { port: (socket.address() as AddressInfo).port, close: () => new Promise<void>((r) => socket.close(() => r())) };
}

test('a CHAOS TXT answer is matched by id; stray packets with another id are ignored', async () => {
  const seen: dnsPacket.DecodedPacket[] = [];
  const server = await udpServer((query) => {
    seen.push(query);
    const reply = (id: number, text: string) =>
      dnsPacket.encode({
        type: 'response',
        id,
        flags: dnsPacket.AUTHORITATIVE_ANSWER,
        questions: query.questions ?? [],
        answers: [{ type: 'TXT', class: 'CH', name: 'version.bind', data: [text] }],
      });
    return [Buffer.from('not dns'), reply(((query.id ?? 0) + 1) % 65536, 'wrong'), reply(query.id ?? 0, 'BIND 9.18.1')];
  });
  try {
    const answer = await rawDnsQuery(
      { address: '127.0.0.1', port: server.port },
      { name: 'version.bind', type: 'TXT', class: 'CH' },
      { timeoutMs: 2000 },
    );
    assert.equal(answer.rcode, 0);
    assert.equal(answer.recursionAvailable, false);
    assert.deepEqual(answer.answers.map(txtText), ['BIND 9.18.1']);
    assert.equal(seen[0]?.questions?.[0]?.class, 'CH');
    assert.equal(seen[0]?.flag_rd, false);
  } finally {
    await server.close();
  }
});

test('RD is sent when asked; RA and the rcode are read from the answer', async () => {
  const server = await udpServer((query) => [
    dnsPacket.encode({
      type: 'response',
      id: query.id ?? 0,
      flags: (query.flag_rd ? dnsPacket.RECURSION_AVAILABLE : 0) | 5,
      questions: query.questions ?? [],
    }),
  ]);
  try {
    const answer = await rawDnsQuery(
      { address: '127.0.0.1', port: server.port },
      { name: 'example.com', type: 'A', recursionDesired: true },
      { timeoutMs: 2000 },
    );
    assert.deepEqual(
      { rcode: answer.rcode, ra: answer.recursionAvailable, answers: answer.answers.length },
      { rcode: 5, ra: true, answers: 0 },
    );
  } finally {
    await server.close();
  }
});

test('silence ends at the time limit or on abort; a non-address is refused', async () => {
  const server = await udpServer(() => []);
  try {
    const started = Date.now();
    await assert.rejects(
      rawDnsQuery({ address: '127.0.0.1', port: server.port }, { name: 'x.test', type: 'A' }, { timeoutMs: 150 }),
      DnsQueryError,
    );
    assert.ok(Date.now() - started < 2000);
    const controller = new AbortController();
    const pending = rawDnsQuery(
      { address: '127.0.0.1', port: server.port },
      { name: 'x.test', type: 'A' },
      { timeoutMs: 60_000, signal: controller.signal },
    );
    controller.abort();
    await assert.rejects(pending, /aborted/);
    await assert.rejects(
      rawDnsQuery({ address: 'ns1.example.com', port: 53 }, { name: 'x.test', type: 'A' }, { timeoutMs: 100 }),
      /not an IP address/,
    );
  } finally {
    await server.close();
  }
});
