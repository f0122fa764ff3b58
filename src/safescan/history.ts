/** The transaction history of one address on one network, whichever source read it. */

export type TxKind = 'normal' | 'internal' | 'token';

export interface HistoryTx {
  readonly hash: string;
  /** Unix seconds of the block. */
  readonly time: number;
  /** Lower-case hex. */
  readonly from: string;
  /** Lower-case hex; null for a contract creation. */
  readonly to: string | null;
  readonly kind: TxKind;
  /** The contract a creation made (lower-case), when known. */
  readonly created?: string | null;
}

export interface AddressHistory {
  readonly network: string;
  /** `explorer` (Etherscan V2 account endpoints) or `rpc` (blocks and logs over JSON-RPC). */
  readonly source: 'explorer' | 'rpc';
  readonly txs: readonly HistoryTx[];
  /** False when only part of the history was read (a block window, a result cap). */
  readonly complete: boolean;
  /** What was not read, in words (shown per network in `meta`). */
  readonly notes: readonly string[];
  /** Internal transactions are part of the history (false over plain JSON-RPC). */
  readonly internalRead: boolean;
}

export type HistoryErrorKind = 'rate-limited' | 'timeout' | 'explorer-error' | 'unreachable' | 'invalid-key' | 'bad-response';

/** A history that could not be read at all: the network's entry says why. */
export class HistoryError extends Error {
  override readonly name = 'HistoryError';
  constructor(
    readonly kind: HistoryErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Reads the history of an address; `signal` aborts it (the screening's deadline). */
export type HistoryReader = (address: string, signal: AbortSignal) => Promise<AddressHistory>;
