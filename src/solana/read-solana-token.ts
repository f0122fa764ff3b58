/**
 * Reads a Solana token in as few round trips as the data allows:
 *   1. getMultipleAccounts [mint, Metaplex metadata PDA]: the mint with all its Token-2022
 *      extensions and the metadata, in one request;
 *   2. getProgramAccounts of the mint's program filtered on the mint, sliced to owner and
 *      amount (40 bytes an account): every holder, so the holder count and the largest
 *      holders come from one request.
 * When a node refuses or times out the holder scan (public nodes often do for large
 * mints), getTokenLargestAccounts and one getMultipleAccounts of those accounts give the
 * largest holders without a count.
 */
import { getAddressDecoder, getU64Decoder, type Address, type Base58EncodedBytes } from '@solana/kit';
import { decodeMetaplexAccount, decodeMintAccount, MintDecodeError, type MintReadError, type SolanaMintFacts } from './mint-facts.ts';
import { metaplexMetadataAddress, TOKEN_PROGRAM } from './solana-programs.ts';
import type { SolanaRpc } from './solana-rpc.ts';

export interface SolanaHolder {
  /** The wallet (token account owner). */
  readonly owner: string;
  /** Raw units over all of the owner's token accounts of this mint. */
  readonly amount: bigint;
}

export interface SolanaHolders {
  /** Owners with a non-zero balance; null when only the largest accounts could be read. */
  readonly total: number | null;
  /** Largest first. */
  readonly top: readonly SolanaHolder[];
}

export interface SolanaTokenRead {
  readonly facts: SolanaMintFacts;
  /** null when the holders could not be read (`holdersNote` says why). */
  readonly holders: SolanaHolders | null;
  readonly holdersNote: string;
  /** Milliseconds the holder read took (round trip 2, or the fallback's two). */
  readonly holdersMs: number;
}

export type SolanaReadErrorCode = MintReadError | 'RPC_UNAVAILABLE' | 'RPC_TIMEOUT';

export class SolanaReadError extends Error {
  override readonly name = 'SolanaReadError';
  constructor(
    readonly code: SolanaReadErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ReadOptions {
  readonly signal?: AbortSignal;
  /** How many of the largest holders to return (default 10). */
  readonly topHolders?: number;
}

const base64 = (data: readonly [string, string] | readonly string[]): Uint8Array => Buffer.from(data[0] ?? '', 'base64');

function rpcFailure(error: unknown, signal: AbortSignal | undefined): SolanaReadError {
  if (error instanceof SolanaReadError) return error;
  if (signal?.aborted) return new SolanaReadError('RPC_TIMEOUT', 'the Solana node did not answer in time');
  const message =
    error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
  return new SolanaReadError('RPC_UNAVAILABLE', `the Solana node could not be read: ${message}`);
}

/** Reads the mint, its metadata and its holders. Throws SolanaReadError. */
export async function readSolanaToken(rpc: SolanaRpc, mint: string, options: ReadOptions = {}): Promise<SolanaTokenRead> {
  const { signal } = options;
  const send = { ...(signal ? { abortSignal: signal } : {}) };
  const metadataAddress = await metaplexMetadataAddress(mint);
  let accounts;
  try {
    accounts = (await rpc.getMultipleAccounts([mint as Address, metadataAddress as Address], { encoding: 'base64' }).send(send)).value;
  } catch (error) {
    throw rpcFailure(error, signal);
  }
  const [mintAccount, metadataAccount] = accounts;
  if (!mintAccount) throw new SolanaReadError('ACCOUNT_NOT_FOUND', 'no account at this address (never created, or a closed mint)');
  if (mintAccount.executable) throw new SolanaReadError('NOT_A_MINT', 'the address is a program, not a mint');
  let base;
  try {
    base = decodeMintAccount(mint, mintAccount.owner, base64(mintAccount.data));
  } catch (error) {
    if (error instanceof MintDecodeError) throw new SolanaReadError(error.code, error.message);
    throw error;
  }
  let metaplex = null;
  let metadataNote = '';
  if (metadataAccount) {
    const decoded = decodeMetaplexAccount(metadataAddress, mint, metadataAccount.owner, base64(metadataAccount.data));
    if (typeof decoded === 'string') metadataNote = decoded;
    else metaplex = decoded;
  } else {
    metadataNote = base.extensions.tokenMetadata ? '' : 'no Metaplex metadata account and no token-metadata extension';
  }
  const facts: SolanaMintFacts = { ...base, metaplex, metadataNote };

  const limit = options.topHolders ?? 10;
  const started = performance.now();
  const holdersMs = () => Math.round(performance.now() - started);
  try {
    const holders = await allHolders(rpc, facts, limit, send);
    return { facts, holders, holdersNote: '', holdersMs: holdersMs() };
  } catch (error) {
    if (signal?.aborted) return { facts, holders: null, holdersNote: 'the holder scan did not finish in time', holdersMs: holdersMs() };
    const scanFailed = rpcFailure(error, signal).message;
    try {
      const holders = await largestHolders(rpc, mint, limit, send);
      return { facts, holders, holdersNote: `holder count unknown (${scanFailed}); largest accounts only`, holdersMs: holdersMs() };
    } catch (fallback) {
      return {
        facts,
        holders: null,
        holdersNote: `holders could not be read: ${rpcFailure(fallback, signal).message}`,
        holdersMs: holdersMs(),
      };
    }
  }
}

/** Sums balances per owner and keeps the largest `limit`. */
function rank(balances: Map<string, bigint>, limit: number): SolanaHolder[] {
  return [...balances]
    .filter(([, amount]) => amount > 0n)
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([owner, amount]) => ({ owner, amount }));
}

async function allHolders(
  rpc: SolanaRpc,
  facts: SolanaMintFacts,
  limit: number,
  send: { abortSignal?: AbortSignal },
): Promise<SolanaHolders> {
  const filters = [
    { memcmp: { offset: 0n, bytes: facts.address as Base58EncodedBytes, encoding: 'base58' as const } },
    // Token program accounts are exactly 165 bytes; Token-2022's may carry extensions.
    ...(facts.programAddress === TOKEN_PROGRAM ? [{ dataSize: 165n }] : []),
  ];
  const accounts = await rpc
    .getProgramAccounts(facts.programAddress as Address, { encoding: 'base64', dataSlice: { offset: 32, length: 40 }, filters })
    .send(send);
  const owners = getAddressDecoder();
  const u64 = getU64Decoder();
  const balances = new Map<string, bigint>();
  for (const { account } of accounts) {
    const bytes = base64(account.data);
    if (bytes.length < 40) continue;
    const owner = owners.decode(bytes.subarray(0, 32));
    balances.set(owner, (balances.get(owner) ?? 0n) + u64.decode(bytes.subarray(32, 40)));
  }
  const total = [...balances.values()].filter((a) => a > 0n).length;
  return { total, top: rank(balances, limit) };
}

async function largestHolders(rpc: SolanaRpc, mint: string, limit: number, send: { abortSignal?: AbortSignal }): Promise<SolanaHolders> {
  const largest = (await rpc.getTokenLargestAccounts(mint as Address).send(send)).value;
  if (largest.length === 0) return { total: null, top: [] };
  const accounts = (
    await rpc
      .getMultipleAccounts(
        largest.map((a) => a.address),
        { encoding: 'base64', dataSlice: { offset: 32, length: 40 } },
      )
      .send(send)
  ).value;
  const owners = getAddressDecoder();
  const u64 = getU64Decoder();
  const balances = new Map<string, bigint>();
  for (const account of accounts) {
    if (!account) continue;
    const bytes = base64(account.data);
    if (bytes.length < 40) continue;
    const owner = owners.decode(bytes.subarray(0, 32));
    balances.set(owner, (balances.get(owner) ?? 0n) + u64.decode(bytes.subarray(32, 40)));
  }
  return { total: null, top: rank(balances, limit) };
}
