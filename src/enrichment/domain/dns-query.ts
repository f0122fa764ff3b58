/**
 * One raw DNS question over UDP to one server, for what Node's `Resolver` cannot ask: a
 * CHAOS-class TXT (`version.bind`) and a look at the answer's header flags (RA, rcode).
 * Packets are encoded and decoded by `dns-packet`; this module only sends, matches the
 * answer to the question by id, and gives up after a time limit or when aborted.
 */
import { createSocket } from 'node:dgram';
import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import * as dnsPacket from 'dns-packet';

export interface RawQuestion {
  readonly name: string;
  readonly type: dnsPacket.RecordType;
  readonly class?: dnsPacket.RecordClass;
  /** Set the RD (recursion desired) bit. */
  readonly recursionDesired?: boolean;
}

export interface RawAnswer {
  /** RFC 1035 response code: 0 NOERROR, 2 SERVFAIL, 3 NXDOMAIN, 5 REFUSED, ... */
  readonly rcode: number;
  /** RA: the server says it offers recursion. */
  readonly recursionAvailable: boolean;
  readonly answers: readonly dnsPacket.Answer[];
}

export class DnsQueryError extends Error {
  override readonly name = 'DnsQueryError';
}

export async function rawDnsQuery(
  server: { readonly address: string; readonly port: number },
  question: RawQuestion,
  options: { readonly timeoutMs: number; readonly signal?: AbortSignal },
): Promise<RawAnswer> {
  const family = isIP(server.address);
  if (family === 0) throw new DnsQueryError(`${server.address} is not an IP address`);
  const id = randomInt(0, 65536);
  const request = dnsPacket.encode({
    type: 'query',
    id,
    flags: question.recursionDesired ? dnsPacket.RECURSION_DESIRED : 0,
    questions: [{ name: question.name, type: question.type, class: question.class ?? 'IN' }],
  });
  const socket = createSocket(family === 6 ? 'udp6' : 'udp4');
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      const fail = (message: string) => reject(new DnsQueryError(`${server.address}:${server.port}: ${message}`));
      timer = setTimeout(() => fail(`no answer to ${question.name} ${question.type} within ${options.timeoutMs} ms`), options.timeoutMs);
      onAbort = () => fail('aborted');
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      socket.on('error', (error) => fail(error.message));
      socket.on('message', (message) => {
        let decoded: dnsPacket.DecodedPacket;
        try {
          decoded = dnsPacket.decode(message);
        } catch {
          return; // Not a DNS packet: keep waiting for the real answer until the time limit.
        }
        if (decoded.id !== id || decoded.type !== 'response') return;
        resolve({ rcode: (decoded.flags ?? 0) & 0xf, recursionAvailable: decoded.flag_ra, answers: decoded.answers ?? [] });
      });
      socket.send(request, server.port, server.address, (error) => {
        if (error) fail(error.message);
      });
    });
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    socket.close();
  }
}

/** The text of a TXT answer's data (its strings joined, as RFC 7208 reads SPF). */
export function txtText(answer: dnsPacket.Answer): string {
  if (answer.type !== 'TXT') return '';
  const data = answer.data;
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((part) => (typeof part === 'string' ? part : part.toString('utf8'))).join('');
}
