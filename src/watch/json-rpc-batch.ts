/**
 * One JSON-RPC batch per round trip: the follower sends every read of a block as a single
 * request array (eth_getLogs, the block, every storage slot and call), so the number of
 * round trips per block does not grow with the number of watched tokens.
 *
 * Over HTTP to a node, or in process to the embedded devnet (`Devnet.request`), which
 * answers the same payloads a node does.
 */
import { AppError } from '../errors/app-error.ts';

export interface RpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** One item's answer: its result, or the node's error for that item alone. */
export type RpcAnswer =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly code: number; readonly message: string };

export interface JsonRpcBatch {
  /** The answers in the order of the calls; throws RpcUnavailableError when the whole request failed. */
  send(calls: readonly RpcCall[]): Promise<RpcAnswer[]>;
  /** Requests sent so far (the benchmark's round trips). */
  roundTrips(): number;
}

/** The node could not be reached, refused the request (HTTP 429: rate limited) or answered garbage. */
export class RpcUnavailableError extends AppError {
  override readonly name = 'RpcUnavailableError';
  constructor(
    message: string,
    readonly rateLimited: boolean,
  ) {
    super(503, message, { fields: { meta: { source: 'rpc', reason: message } } });
  }
}

/** An answer's result, or RpcUnavailableError naming `what` was asked when the node answered an error or nothing. */
export function resultOf<T>(answer: RpcAnswer | undefined, what: string): T {
  if (!answer?.ok) throw new RpcUnavailableError(`${what}: ${answer && !answer.ok ? answer.message : 'no answer'}`, false);
  return answer.result as T;
}

interface RpcResponseItem {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code?: unknown; readonly message?: unknown };
}

function answersOf(payload: unknown, count: number): RpcAnswer[] {
  // A node answers a batch with an array; some answer a whole-batch failure with one object.
  if (!Array.isArray(payload)) {
    const single = payload as RpcResponseItem | null;
    const message = typeof single?.error?.message === 'string' ? single.error.message : 'the node did not answer the batch with an array';
    throw new RpcUnavailableError(message, /rate|limit|too many/i.test(message));
  }
  const byId = new Map<number, RpcResponseItem>();
  for (const item of payload as RpcResponseItem[]) if (typeof item?.id === 'number') byId.set(item.id, item);
  const answers: RpcAnswer[] = [];
  for (let id = 0; id < count; id++) {
    const item = byId.get(id);
    if (!item) answers.push({ ok: false, code: -32603, message: 'no answer for this call in the batch' });
    else if (item.error)
      answers.push({
        ok: false,
        code: typeof item.error.code === 'number' ? item.error.code : -32603,
        message: typeof item.error.message === 'string' ? item.error.message : 'error',
      });
    else answers.push({ ok: true, result: item.result });
  }
  return answers;
}

function payloadOf(calls: readonly RpcCall[]) {
  return calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params }));
}

/** A batch sender to the embedded devnet (or anything answering raw JSON-RPC payloads). */
export function inProcessJsonRpc(request: (payload: unknown) => Promise<unknown>): JsonRpcBatch {
  let trips = 0;
  return {
    async send(calls) {
      if (calls.length === 0) return [];
      trips++;
      let payload: unknown;
      try {
        payload = await request(payloadOf(calls));
      } catch (error) {
        throw new RpcUnavailableError(error instanceof Error ? error.message : String(error), false);
      }
      return answersOf(payload, calls.length);
    },
    roundTrips: () => trips,
  };
}

export interface HttpJsonRpcOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** Time one request may take (default 10 s). */
  readonly timeoutMs?: number;
}

/** A batch sender over HTTP. */
export function httpJsonRpc(url: string, options: HttpJsonRpcOptions = {}): JsonRpcBatch {
  let trips = 0;
  return {
    async send(calls) {
      if (calls.length === 0) return [];
      trips++;
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...options.headers },
          body: JSON.stringify(payloadOf(calls)),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new RpcUnavailableError(`the node could not be reached: ${error instanceof Error ? error.message : String(error)}`, false);
      }
      if (response.status === 429) throw new RpcUnavailableError('the node rate-limited the request (HTTP 429)', true);
      if (!response.ok) throw new RpcUnavailableError(`the node answered HTTP ${response.status}`, false);
      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw new RpcUnavailableError('the node answered something that is not JSON', false);
      }
      return answersOf(payload, calls.length);
    },
    roundTrips: () => trips,
  };
}
