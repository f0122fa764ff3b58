/**
 * The devnet's standalone JSON-RPC server on loopback (`scopeward devnet`). Inside the
 * service the HTTP layer mounts `devnet.request` as `POST /rpc` instead.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Devnet } from './devnet.ts';
import { callerRights, guardedRequest, isAllowedRpcHost, isLoopback, type DevnetRpcMode } from './rpc-policy.ts';

/** Larger bodies are refused: a JSON-RPC batch of reads is a few kilobytes. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface DevnetServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface RpcAccess {
  readonly mode: DevnetRpcMode;
  /** Whether the server listens on loopback only (then loopback clients are privileged). */
  readonly loopbackHost: boolean;
}

/**
 * Answers one HTTP request with the devnet's JSON-RPC response under the devnet RPC
 * policy (no API keys here: privileged means a loopback client of a loopback server, or
 * DEVNET_RPC=open).
 */
export async function handleRpcHttp(
  devnet: Pick<Devnet, 'request'>,
  req: IncomingMessage,
  res: ServerResponse,
  access: RpcAccess = { mode: 'local', loopbackHost: true },
): Promise<void> {
  if (req.method !== 'POST' || (req.url !== '/' && req.url !== '/rpc')) {
    send(res, req.method === 'POST' ? 404 : 405, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'POST JSON-RPC to / or /rpc' },
    });
    return;
  }
  if (!isAllowedRpcHost(req.headers.host, access.loopbackHost)) {
    send(res, 403, {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32001, message: 'Host not allowed: this endpoint answers requests sent to its loopback address' },
    });
    return;
  }
  const body = await readBody(req);
  if (body === null) {
    send(res, 413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request body too large' } });
    return;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    return;
  }
  const rights = callerRights({ ...access, loopbackClient: isLoopback(req.socket.remoteAddress ?? ''), adminKey: false, internal: false });
  send(res, 200, await guardedRequest(payload, rights, (request) => devnet.request(request)));
}

/** Serves the devnet over HTTP on `host:port` (port 0 picks a free one). */
export function serveDevnet(
  devnet: Pick<Devnet, 'request'>,
  options: { port: number; host?: string; mode?: DevnetRpcMode },
): Promise<DevnetServer> {
  const access: RpcAccess = { mode: options.mode ?? 'local', loopbackHost: isLoopback(options.host ?? '127.0.0.1') };
  const server: Server = createServer((req, res) => {
    handleRpcHttp(devnet, req, res, access).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32603, message: error instanceof Error ? error.message : 'Internal error' },
        });
      else res.destroy();
    });
  });
  // Keep-alive sockets would hold close() open; readers reconnect cheaply on loopback.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const { port, address } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
