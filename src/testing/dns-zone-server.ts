/**
 * A local DNS server for tests and benchmarks, speaking real DNS over UDP (packets by
 * `dns-packet`), serving crafted records. One socket per loopback address, all on the same
 * port, so one process plays several machines:
 *  - 127.0.0.1, the recursive resolver the code under test is pointed at (RA set; answers
 *    every name in `records`, follows CNAMEs, NXDOMAIN for the rest);
 *  - each address in `nameServers` (127.0.0.2, 127.0.0.3, ...), a domain's name server with
 *    its own behaviour: whether it tells its version on `version.bind` CHAOS TXT, and
 *    whether it recurses for names it is not authoritative for (an open resolver).
 */
import { createSocket, type Socket } from 'node:dgram';
import * as dnsPacket from 'dns-packet';

export interface NameRecords {
  readonly A?: readonly string[];
  readonly AAAA?: readonly string[];
  /** One entry per TXT record (split into 255-byte strings on the wire, as long SPF records are). */
  readonly TXT?: readonly string[];
  readonly MX?: readonly { readonly preference: number; readonly exchange: string }[];
  readonly NS?: readonly string[];
  readonly CNAME?: string;
}

export interface NameServerBehaviour {
  /** Answer `version.bind` CH TXT with this (REFUSED when absent, as a hardened BIND does). */
  readonly versionBind?: string;
  /** Answer names outside `authoritativeFor` recursively, with RA set (REFUSED when false). */
  readonly recursion?: boolean;
}

export interface DnsZoneServer {
  readonly port: number;
  /** The resolver's address, `127.0.0.1:port`, for `Resolver.setServers`. */
  readonly resolver: string;
  /** Questions received so far, all sockets together. */
  readonly queries: () => number;
  close(): Promise<void>;
}

const RESOLVER_ADDRESS = '127.0.0.1';
const RCODE = { NOERROR: 0, NXDOMAIN: 3, REFUSED: 5 } as const;

export async function startDnsZoneServer(options: {
  readonly records: Readonly<Record<string, NameRecords>>;
  readonly nameServers?: Readonly<Record<string, NameServerBehaviour>>;
}): Promise<DnsZoneServer> {
  const records = new Map(Object.entries(options.records).map(([name, r]) => [name.toLowerCase().replace(/\.$/, ''), r]));
  let count = 0;
  for (let attempt = 0; ; attempt++) {
    const sockets: Socket[] = [];
    try {
      const first = await bind(RESOLVER_ADDRESS, 0, (q) => (count++, resolverAnswer(records, q)));
      sockets.push(first);
      const port = first.address().port;
      for (const [address, behaviour] of Object.entries(options.nameServers ?? {})) {
        sockets.push(await bind(address, port, (q) => (count++, nameServerAnswer(records, behaviour, q))));
      }
      return {
        port,
        resolver: `${RESOLVER_ADDRESS}:${port}`,
        queries: () => count,
        close: () => Promise.all(sockets.map((s) => new Promise<void>((r) => s.close(() => r())))).then(() => undefined),
      };
    } catch (error) {
      await Promise.all(sockets.map((s) => new Promise<void>((r) => s.close(() => r()))));
      // Another program holds this port on one of the extra addresses: try another port.
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

type Answerer = (query: dnsPacket.DecodedPacket) => dnsPacket.Packet;

function bind(address: string, port: number, answer: Answerer): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.on('message', (message, from) => {
      let query: dnsPacket.DecodedPacket;
      try {
        query = dnsPacket.decode(message);
      } catch {
        return;
      }
      socket.send(dnsPacket.encode(answer(query)), from.port, from.address);
    });
    socket.bind(port, address, () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

function reply(query: dnsPacket.DecodedPacket, flags: number, rcode: number, answers: dnsPacket.Answer[]): dnsPacket.Packet {
  const rd = query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0;
  return { type: 'response', id: query.id ?? 0, flags: flags | rd | rcode, questions: query.questions ?? [], answers };
}

function resolverAnswer(records: Map<string, NameRecords>, query: dnsPacket.DecodedPacket): dnsPacket.Packet {
  const question = query.questions?.[0];
  if (!question) return reply(query, dnsPacket.RECURSION_AVAILABLE, RCODE.REFUSED, []);
  const name = question.name.toLowerCase();
  if (!records.has(name)) return reply(query, dnsPacket.RECURSION_AVAILABLE, RCODE.NXDOMAIN, []);
  return reply(query, dnsPacket.RECURSION_AVAILABLE, RCODE.NOERROR, lookup(records, name, question.type, 0));
}

function nameServerAnswer(
  records: Map<string, NameRecords>,
  behaviour: NameServerBehaviour,
  query: dnsPacket.DecodedPacket,
): dnsPacket.Packet {
  const question = query.questions?.[0];
  if (!question) return reply(query, 0, RCODE.REFUSED, []);
  if (question.class === 'CH') {
    if (question.name.toLowerCase() === 'version.bind' && question.type === 'TXT' && behaviour.versionBind !== undefined) {
      return reply(query, dnsPacket.AUTHORITATIVE_ANSWER, RCODE.NOERROR, [
        { type: 'TXT', class: 'CH', name: question.name, ttl: 0, data: [behaviour.versionBind] },
      ]);
    }
    return reply(query, 0, RCODE.REFUSED, []);
  }
  // Every name in `records` counts as this server's zone; any other is "outside".
  const name = question.name.toLowerCase();
  if (records.has(name) && !behaviour.recursion) {
    return reply(query, dnsPacket.AUTHORITATIVE_ANSWER, RCODE.NOERROR, lookup(records, name, question.type, 0));
  }
  if (!behaviour.recursion) return reply(query, 0, RCODE.REFUSED, []);
  return resolverAnswer(records, query);
}

function lookup(records: Map<string, NameRecords>, name: string, type: string, depth: number): dnsPacket.Answer[] {
  const r = records.get(name);
  if (!r || depth > 8) return [];
  const base = { name, ttl: 300, class: 'IN' as const };
  if (r.CNAME !== undefined && type !== 'CNAME') {
    return [{ ...base, type: 'CNAME', data: r.CNAME }, ...lookup(records, r.CNAME.toLowerCase(), type, depth + 1)];
  }
  switch (type) {
    case 'A':
      return (r.A ?? []).map((data) => ({ ...base, type: 'A', data }));
    case 'AAAA':
      return (r.AAAA ?? []).map((data) => ({ ...base, type: 'AAAA', data }));
    case 'TXT':
      return (r.TXT ?? []).map((text) => ({ ...base, type: 'TXT', data: chunks(text) }));
    case 'MX':
      return (r.MX ?? []).map((mx) => ({ ...base, type: 'MX', data: { preference: mx.preference, exchange: mx.exchange } }));
    case 'NS':
      return (r.NS ?? []).map((data) => ({ ...base, type: 'NS', data }));
    case 'CNAME':
      return r.CNAME === undefined ? [] : [{ ...base, type: 'CNAME', data: r.CNAME }];
    default:
      return [];
  }
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 255) out.push(text.slice(i, i + 255));
  return out.length > 0 ? out : [''];
}
