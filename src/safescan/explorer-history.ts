/**
 * History from an explorer's multichain account API (Etherscan V2: one key, `chainid`
 * picks the network): normal transactions, internal transactions and token transfers.
 * Its error bodies are `{status: "0", message: "NOTOK", result: "<reason>"}`; "no
 * transactions" is `{status: "0", message: "No transactions found", result: []}`.
 */
import { redact } from '../chain/fetch-json.ts';
import { HistoryError, type AddressHistory, type HistoryReader, type HistoryTx, type TxKind } from './history.ts';

export interface ExplorerHistoryOptions {
  readonly apiKey: string;
  /** Base URL of the API, default https://api.etherscan.io (EXPLORER_API_URL). */
  readonly apiUrl?: string;
  readonly network: string;
  readonly chainId: number;
  readonly fetchFn?: typeof fetch;
  /** Wait before the one retry after a rate-limit answer (default 1,100 ms: the free tier allows a few calls a second). */
  readonly retryDelayMs?: number;
}

/** The explorer returns at most this many rows per query (page × offset ≤ 10,000). */
export const EXPLORER_MAX_ROWS = 10_000;

const ACTIONS: ReadonlyArray<readonly [action: string, kind: TxKind]> = [
  ['txlist', 'normal'],
  ['txlistinternal', 'internal'],
  ['tokentx', 'token'],
];

interface Row {
  hash?: unknown;
  timeStamp?: unknown;
  from?: unknown;
  to?: unknown;
  contractAddress?: unknown;
}

const lower = (v: unknown) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : null);

export function explorerHistoryReader(options: ExplorerHistoryOptions): HistoryReader {
  const fetchFn = options.fetchFn ?? fetch;
  const base = (options.apiUrl ?? 'https://api.etherscan.io').replace(/\/$/, '');

  async function query(action: string, address: string, signal: AbortSignal, retry: boolean): Promise<Row[]> {
    const url =
      `${base}/v2/api?chainid=${options.chainId}&module=account&action=${action}&address=${address}` +
      `&startblock=0&endblock=99999999&page=1&offset=${EXPLORER_MAX_ROWS}&sort=asc&apikey=${encodeURIComponent(options.apiKey)}`;
    let response: Response;
    try {
      response = await fetchFn(url, { signal, headers: { accept: 'application/json' } });
    } catch (error) {
      const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new HistoryError(
        timeout ? 'timeout' : 'unreachable',
        timeout ? 'the explorer did not answer in time' : 'the explorer is unreachable',
        {
          cause: error,
        },
      );
    }
    if (response.status === 429) return rateLimited(action, address, signal, retry, 'HTTP 429');
    let body: { status?: unknown; message?: unknown; result?: unknown };
    try {
      body = JSON.parse(await response.text()) as typeof body;
    } catch (error) {
      throw new HistoryError('bad-response', `the explorer answered something that is not JSON (HTTP ${response.status})`, {
        cause: error,
      });
    }
    if (body.status === '1' && Array.isArray(body.result)) return body.result as Row[];
    if (body.status === '0' && Array.isArray(body.result)) return []; // "No transactions found"
    const reason =
      typeof body.result === 'string' ? body.result : typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    if (/rate limit/i.test(reason)) return rateLimited(action, address, signal, retry, reason);
    if (/api key/i.test(reason)) throw new HistoryError('invalid-key', `the explorer refused the key: ${reason}`);
    throw new HistoryError('explorer-error', `the explorer answered: ${reason} (${redact(url).replace(/address=[^&]*/, 'address=…')})`);
  }

  async function rateLimited(action: string, address: string, signal: AbortSignal, retry: boolean, reason: string): Promise<Row[]> {
    if (!retry) throw new HistoryError('rate-limited', `the explorer's rate limit was reached: ${reason}`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.retryDelayMs ?? 1100);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal.aborted) throw new HistoryError('timeout', 'the explorer did not answer in time');
    return query(action, address, signal, false);
  }

  return async (address, signal) => {
    const self = address.toLowerCase();
    const txs: HistoryTx[] = [];
    const notes: string[] = [];
    // One after the other: the explorer's free tier allows only a few calls a second.
    for (const [action, kind] of ACTIONS) {
      const rows = await query(action, self, signal, true);
      if (rows.length >= EXPLORER_MAX_ROWS)
        notes.push(`only the first ${EXPLORER_MAX_ROWS} rows of ${action} were read (the explorer's cap)`);
      for (const row of rows) {
        const hash = typeof row.hash === 'string' ? row.hash : null;
        const time = Number(row.timeStamp);
        const from = lower(row.from);
        if (!hash || !from || !Number.isFinite(time)) continue;
        const to = lower(row.to);
        txs.push({ hash, time, from, to, kind, created: kind === 'normal' && to === null ? lower(row.contractAddress) : null });
      }
    }
    return {
      network: options.network,
      source: 'explorer',
      txs,
      complete: notes.length === 0,
      notes,
      internalRead: true,
    } satisfies AddressHistory;
  };
}
