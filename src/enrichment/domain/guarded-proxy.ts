/**
 * A local HTTP proxy that Chromium is pointed at while Lighthouse audits a website, so that
 * every request the page makes (the document, its redirects, scripts, images, CONNECT
 * tunnels for HTTPS and WebSockets) passes the outbound check at connection time: the host
 * is resolved here, refused when an address is private or reserved, and the connection goes
 * to the very address that was checked (no window for DNS rebinding).
 *
 * Chromium sends loopback hosts around a proxy unless told `--proxy-bypass-list=<-loopback>`;
 * lighthouse.ts passes that flag.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { lookup } from 'node:dns/promises';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isPrivateAddress } from '../../infra/private-address.ts';

export interface GuardedProxyOptions {
  /** Resolves a host name (default: the system resolver). */
  readonly resolve?: (host: string) => Promise<string[]>;
  /** Which addresses are refused (default: private and reserved ones, `isPrivateAddress`). */
  readonly refuseAddress?: (address: string) => boolean;
}

export interface GuardedProxy {
  /** `http://127.0.0.1:port`, for Chromium's `--proxy-server`. */
  readonly url: string;
  /** `host[:port]` of every request refused so far. */
  readonly refused: () => readonly string[];
  close(): Promise<void>;
}

const systemResolve = async (host: string): Promise<string[]> => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export async function startGuardedProxy(options: GuardedProxyOptions = {}): Promise<GuardedProxy> {
  const resolve = options.resolve ?? systemResolve;
  const refuse = options.refuseAddress ?? isPrivateAddress;
  const refused: string[] = [];
  const open = new Set<Duplex>();

  /** The address to connect to, or undefined (and the host recorded) when refused or unresolvable. */
  async function checkedAddress(host: string, label: string): Promise<string | undefined> {
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(bare) ? [bare] : await resolve(bare).catch(() => []);
    if (addresses.length === 0 || addresses.some(refuse)) {
      refused.push(label);
      return undefined;
    }
    return addresses[0];
  }

  const server = createServer((req, res) => void forward(req, res));
  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URL expected');
      return;
    }
    if (url.protocol !== 'http:') return void res.writeHead(400).end('only http is proxied without CONNECT');
    const address = await checkedAddress(url.hostname, url.host);
    if (address === undefined) return void res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the outbound policy');
    const { 'proxy-connection': _hopByHop, ...headers }: Record<string, string | string[] | undefined> = { ...req.headers, host: url.host };
    const upstream = httpRequest(
      { host: address, port: Number(url.port || 80), method: req.method, path: `${url.pathname}${url.search}`, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end('upstream unreachable')));
    req.pipe(upstream);
  }

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    void (async () => {
      const target = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
      if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      const address = await checkedAddress(target[1]!, req.url!);
      if (address === undefined) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      const upstream = connect(Number(target[2]), address, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      open.add(upstream);
      upstream.on('close', () => (open.delete(upstream), client.destroy()));
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    })();
  });
  server.on('upgrade', (_req, socket: Duplex) => socket.destroy()); // Plain-HTTP upgrades are not proxied.

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => [...refused],
    close: () =>
      new Promise<void>((r) => {
        for (const socket of open) socket.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
