/**
 * A local server speaking the Etherscan V2 account API's formats (`/v2/api?chainid=…&
 * module=account&action=txlist|txlistinternal|tokentx`), for tests and the benchmark:
 * success bodies with the explorer's string-typed fields, "No transactions found", and
 * the NOTOK bodies it sends for a bad key, a rate limit and an unsupported chain.
 */
import { createServer, type Server } from 'node:http';

export interface ReplayRow {
  readonly blockNumber: string;
  readonly timeStamp: string;
  readonly hash: string;
  readonly from: string;
  readonly to: string;
  readonly contractAddress: string;
  readonly value: string;
  readonly isError: string;
}

export interface ReplayData {
  /** action -> lower-case address -> rows */
  readonly [action: string]: Readonly<Record<string, readonly ReplayRow[]>>;
}

export type ReplayMode = 'ok' | 'invalid-key' | 'rate-limit-once' | 'rate-limit' | 'http-500' | 'garbage' | 'hang';

export interface ExplorerReplay {
  readonly url: string;
  mode: ReplayMode;
  /** Requests seen, with their query strings. */
  readonly requests: URLSearchParams[];
  close(): Promise<void>;
}

const NOTOK = (result: string) => JSON.stringify({ status: '0', message: 'NOTOK', result });
const SUPPORTED = new Set(['1', '56', '137', '42161', '8453', '10']);

export async function startExplorerReplay(data: ReplayData): Promise<ExplorerReplay> {
  let limited = false;
  const state: { mode: ReplayMode } = { mode: 'ok' };
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    requests.push(url.searchParams);
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };
    if (state.mode === 'hang') return; // never answers: the caller's deadline must fire
    if (state.mode === 'http-500') return send(500, '<html>Internal Server Error</html>');
    if (state.mode === 'garbage') return send(200, '<html>maintenance</html>');
    if (state.mode === 'invalid-key') return send(200, NOTOK('Invalid API Key (#err2)|x'));
    if (state.mode === 'rate-limit' || (state.mode === 'rate-limit-once' && !limited)) {
      limited = true;
      return send(200, NOTOK('Max calls per sec rate limit reached (5/sec)'));
    }
    if (url.pathname !== '/v2/api') return send(404, NOTOK('Not found'));
    if (!SUPPORTED.has(url.searchParams.get('chainid') ?? ''))
      return send(
        200,
        NOTOK(
          'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids',
        ),
      );
    const rows = data[url.searchParams.get('action') ?? '']?.[(url.searchParams.get('address') ?? '').toLowerCase()] ?? [];
    const offset = Number(url.searchParams.get('offset') ?? '10000');
    if (rows.length === 0) return send(200, JSON.stringify({ status: '0', message: 'No transactions found', result: [] }));
    send(200, JSON.stringify({ status: '1', message: 'OK', result: rows.slice(0, offset) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: ReplayMode) {
      state.mode = mode;
      limited = false;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `count` transactions of `address`, one every `stepSeconds`, alternating direction with the counterparties given. */
export function replayRows(
  address: string,
  counterparties: readonly string[],
  count: number,
  start = 1_700_000_000,
  stepSeconds = 3600,
): ReplayRow[] {
  return Array.from({ length: count }, (_, i) => {
    const other = counterparties[i % counterparties.length]!;
    const out = i % 2 === 0;
    return {
      blockNumber: String(18_000_000 + i),
      timeStamp: String(start + i * stepSeconds),
      hash: `0x${i.toString(16).padStart(64, '0')}`,
      from: out ? address : other,
      to: out ? other : address,
      contractAddress: '',
      value: '1000000000000000',
      isError: '0',
    };
  });
}
