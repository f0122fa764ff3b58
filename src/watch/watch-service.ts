/**
 * Making, listing and deleting watches (issue 32, item 1). A new watch starts from the
 * token's scan (a fresh snapshot is reused, otherwise the token is scanned): the verdict is
 * its baseline, and the scan's model says what to read (src/watch/watch-plan.ts); the
 * values are then read once at the head so the follower compares every later block to them.
 * A Solana mint's values are its authorities, supply and extensions (./solana-mint-state.ts),
 * read at the slot the Solana follower starts from.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import type { WatchInput } from '../interface/schemas/watches.ts';
import type { ScanResult } from '../interface/schemas/audit-layout.ts';
import type { ScanService } from '../scan/scan-service.ts';
import { scanFailure } from '../scan/scan-errors.ts';
import type { NetworkOptions } from '../chain/networks.ts';
import { targetFromAddress } from '../dashboard-scans/scan-target.ts';
import { pointsToPrivateAddress } from '../codehosts/outbound.ts';
import { normalizeEmail } from '../accounts/email-address.ts';
import type { CompileSolidityReturnType } from '../compile/compile-solidity.ts';
import type { TokenPowersOfContract } from '../analysis/token-powers.ts';
import { DEAD_ADDRESS } from '../devnet/accounts.ts';
import type { JsonRpcBatch } from './json-rpc-batch.ts';
import { MintDecodeError } from '../solana/mint-facts.ts';
import { mintWatchState, type MintWatchState } from './solana-mint-state.ts';
import { SOLANA_WATCH_COMMITMENT } from './solana-follower.ts';
import { buildWatchPlan, EIP1967_IMPLEMENTATION_SLOT, type WatchPlan } from './watch-plan.ts';
import { decodeValue, readCall } from './read-values.ts';
import type { VerdictSnapshot } from './describe-change.ts';
import type { Baseline, WatchRecord, WatchRepository } from './watch-repository.ts';
import { WatchExistsError, WatchInputError, WatchLimitError, WatchNetworkUnavailableError, WatchNotFoundError } from './watch-errors.ts';

export interface WatchServiceDeps {
  readonly repository: WatchRepository;
  readonly scans: ScanService;
  readonly networks: NetworkOptions;
  /** JSON-RPC of a network (EVM or Solana); undefined when this server has no node for it. */
  readonly rpc: (network: string) => JsonRpcBatch | undefined;
  /** The token's verified sources; null when unverified. */
  readonly verifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
  /** The compiler, for the storage layout of verified sources. */
  readonly compile?: (
    sources: Readonly<Record<string, string>>,
    options: { select: { name?: string } },
  ) => Promise<CompileSolidityReturnType>;
  /** The analysis's owner powers of a contract (which state variables they write). */
  readonly tokenPowers?: (sources: Readonly<Record<string, string>>, contract: string) => Promise<TokenPowersOfContract | undefined>;
  /**
   * Webhook targets: private and loopback addresses are refused when the watch is created
   * unless the operator allows them (WEBHOOK_ALLOW_PRIVATE); `resolve` is for tests.
   */
  readonly webhooks?: { readonly allowPrivateAddresses: boolean; readonly resolve?: (host: string) => Promise<string[]> };
  /** Live watches an account may have (default 50). */
  readonly maxWatchesPerAccount?: number;
  readonly now?: () => Date;
  /** Told when a watch is added or removed (the followers reload their set). */
  readonly onChange?: (network: string) => void;
}

export interface CreatedWatch {
  readonly watch: WatchRecord;
  readonly secret: string | null;
}

/** The parts of a scan's verdict a change is compared on. */
export function verdictSnapshot(result: ScanResult): VerdictSnapshot | null {
  const verdict = result.meta.verdict;
  if (!verdict) return null;
  const taxes = result.auditLayout.taxes;
  return {
    summary: verdict.summary,
    canBuy: verdict.canBuy,
    canSell: verdict.canSell,
    buyTax: typeof taxes?.buyTax === 'number' ? taxes.buyTax : null,
    sellTax: typeof taxes?.sellTax === 'number' ? taxes.sellTax : null,
  };
}

function webhookUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WatchInputError('The webhook URL is not a URL', 'deliver.webhookUrl');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WatchInputError('The webhook URL must be an http(s) URL', 'deliver.webhookUrl');
  if (url.username || url.password)
    throw new WatchInputError('The webhook URL must not carry a user name or password', 'deliver.webhookUrl');
  return url.toString();
}

const ZERO = /^0x0{40}$/i;

export function createWatchService(deps: WatchServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const limit = deps.maxWatchesPerAccount ?? 50;

  async function scanOf(network: string, token: string): Promise<ScanResult> {
    try {
      return await deps.scans.scan({ network, address: token });
    } catch (error) {
      const failure = scanFailure(error);
      if (failure?.message.startsWith('NOT_A_TOKEN'))
        throw new WatchInputError(`This address is not a token on ${network}: ${failure.message.replace(/^NOT_A_TOKEN: /, '')}`, 'token');
      if (failure) throw new WatchNetworkUnavailableError(network, failure.message.replace(/^CHAIN_UNAVAILABLE: /, ''));
      throw error;
    }
  }

  /**
   * The storage layout and powers of a verified token; a note saying why not otherwise. For
   * a proxy, the implementation's source (without a name: the compiler's choice of its token
   * contract) describes the storage at the token's address.
   */
  async function sourceModel(network: string, codeAddress: string, contractName: string | undefined) {
    const sources = await deps.verifiedSource?.(network, codeAddress).catch(() => null);
    if (!sources)
      return {
        storage: [],
        powers: null,
        note: "the contract is not verified: its owner, supply, proxy slots and pool are read, and the owner's calls to it re-run the simulation",
      };
    try {
      const compiled = deps.compile ? await deps.compile(sources, { select: contractName ? { name: contractName } : {} }) : undefined;
      const chosen = contractName
        ? compiled?.contracts.find((c) => c.name === contractName)
        : [...(compiled?.contracts ?? [])].sort((a, b) => b.storage.length - a.storage.length)[0];
      const powers = chosen && deps.tokenPowers ? await deps.tokenPowers(sources, chosen.name) : undefined;
      const storage = chosen?.storage ?? [];
      if (storage.length === 0)
        return { storage, powers: powers ?? null, note: 'the storage layout of the verified source could not be read' };
      return { storage, powers: powers ?? null, note: null };
    } catch (error) {
      return {
        storage: [],
        powers: null,
        note: `the verified source could not be compiled: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  async function implementationOf(rpc: JsonRpcBatch, token: string): Promise<string | null> {
    const [answer] = await rpc.send([{ method: 'eth_getStorageAt', params: [token, EIP1967_IMPLEMENTATION_SLOT, 'latest'] }]);
    const word = answer?.ok && typeof answer.result === 'string' ? answer.result : '';
    const address = `0x${word.slice(-40)}`;
    return /^0x[0-9a-fA-F]{40}$/.test(address) && !ZERO.test(address) ? address : null;
  }

  async function evmBaseline(network: string, token: string, scan: ScanResult, rpc: JsonRpcBatch) {
    const layout = scan.auditLayout;
    const contract = layout.contract;
    const pair = layout.pools?.pairs?.[0]?.address || null;
    const router = layout.pools?.dexes?.[0]?.router || null;
    const owner = contract?.contractOwner?.toLowerCase() ?? '';
    const lockers = layout.lockers ?? [];
    const skip = new Set([pair, owner, DEAD_ADDRESS, ...lockers.map((l) => l.address)].filter(Boolean).map((a) => a!.toLowerCase()));
    const holder = layout.topHolders?.addresses?.find((a) => !skip.has(a.toLowerCase()) && !ZERO.test(a)) ?? null;
    const accounts = [
      ...(pair ? [{ name: 'pair', address: pair }] : []),
      ...(router ? [{ name: 'router', address: router }] : []),
      ...(holder ? [{ name: 'holder', address: holder }] : []),
    ];
    const implementation = contract?.proxy ? await implementationOf(rpc, token) : null;
    const model = implementation
      ? await sourceModel(network, implementation, undefined)
      : await sourceModel(network, token, contract?.contractName || undefined);
    const plan: WatchPlan = buildWatchPlan({
      token,
      proxy: Boolean(contract?.proxy),
      storage: model.storage,
      powers: model.powers,
      pair,
      accounts,
      locks: lockers.map((l) => ({
        address: l.address,
        type: l.type,
        unlockAt: typeof l.unlockedAt === 'number' ? (l.unlockedAt > 0 ? new Date(l.unlockedAt * 1000).toISOString() : '') : l.unlockedAt,
      })),
      sourceNote: model.note,
    });
    const [headAnswer] = await rpc.send([{ method: 'eth_blockNumber', params: [] }]);
    if (!headAnswer?.ok) throw new WatchNetworkUnavailableError(network, headAnswer ? headAnswer.message : 'no answer');
    const head = Number(BigInt(headAnswer.result as string));
    const tag: Hex = `0x${head.toString(16)}`;
    const answers = await rpc.send(plan.values.map((value) => readCall(value, tag)));
    const values: Record<string, string | null> = {};
    // A value the node did not answer stays out: the follower's first read of it is its baseline.
    plan.values.forEach((value, i) => {
      if (answers[i]?.ok) values[value.key] = decodeValue(value, answers[i]);
    });
    return { plan, values, head, decimals: contract?.decimals ?? 18 };
  }

  /**
   * A Solana mint's baseline: the scan says whether the address is a readable mint (its
   * tokenProgram.error otherwise); the values are then read from the node the follower
   * reads, at the follower's commitment, and its slot is where the follower starts.
   */
  async function solanaBaseline(network: string, token: string, scan: ScanResult, rpc: JsonRpcBatch) {
    const error = scan.auditLayout.tokenProgram?.error ?? '';
    const reason = scan.meta.sources.solana?.reason?.replace(/^[A-Z_]+: /, '') ?? error;
    if (error === 'RPC_UNAVAILABLE' || error === 'RPC_TIMEOUT') throw new WatchNetworkUnavailableError(network, reason);
    if (error) throw new WatchInputError(`This address is not a token on ${network}: ${reason}`, 'token');
    const [answer] = await rpc.send([
      { method: 'getMultipleAccounts', params: [[token], { encoding: 'base64', commitment: SOLANA_WATCH_COMMITMENT }] },
    ]);
    if (!answer?.ok) throw new WatchNetworkUnavailableError(network, answer ? answer.message : 'no answer');
    const { context, value } = answer.result as { context: { slot: number }; value: ({ owner: string; data: [string, string] } | null)[] };
    const account = value[0];
    // Scanned elsewhere (with DEVNET on, SOL's watches follow the embedded network only: decision 0251).
    if (!account) throw new WatchInputError(`No mint at this address on ${network} as this server follows it`, 'token');
    let values: MintWatchState;
    try {
      values = mintWatchState(token, account.owner, Buffer.from(account.data[0], 'base64'));
    } catch (failure) {
      if (failure instanceof MintDecodeError)
        throw new WatchInputError(`This address is not a token on ${network}: ${failure.message}`, 'token');
      throw failure;
    }
    const plan: WatchPlan = { values: [], locks: [], note: null };
    return { plan, values, head: context.slot, decimals: Number(values.decimals) };
  }

  return {
    async create(accountId: string, input: WatchInput): Promise<CreatedWatch> {
      const target = targetFromAddress(input.network, input.token, deps.networks);
      const network = target.network.symbol;
      const chain = target.network.family === 'solana' ? 'solana' : 'evm';
      // EVM addresses ignore case; Solana's base58 does not.
      const token = chain === 'solana' ? target.address : target.address.toLowerCase();
      const email = input.deliver?.email === undefined ? null : (normalizeEmail(input.deliver.email) ?? null);
      if (input.deliver?.email !== undefined && email === null)
        throw new WatchInputError('The e-mail address is not valid', 'deliver.email');
      const hook = webhookUrl(input.deliver?.webhookUrl);
      if (hook && !(deps.webhooks?.allowPrivateAddresses ?? false) && (await pointsToPrivateAddress(new URL(hook), deps.webhooks?.resolve)))
        throw new WatchInputError(
          'The webhook URL points to a private or loopback address, which this server does not deliver to',
          'deliver.webhookUrl',
        );
      if ((await deps.repository.countLive(accountId)) >= limit) throw new WatchLimitError(limit);
      const existing = (await deps.repository.listOf(accountId)).find((w) => w.network === network && w.token === token);
      if (existing) throw new WatchExistsError(existing.id);
      const rpc = deps.rpc(network);
      if (!rpc) throw new WatchNetworkUnavailableError(network, 'this server has no JSON-RPC node for it');

      const scan = await scanOf(network, target.address);
      const verdict = verdictSnapshot(scan);
      const read = chain === 'solana' ? await solanaBaseline(network, token, scan, rpc) : await evmBaseline(network, token, scan, rpc);
      const head = read.head;
      const baseline: Baseline = { plan: read.plan, values: read.values, locks: {}, verdict, decimals: read.decimals };
      const secret = hook ? randomBytes(32).toString('base64url') : null;
      const record = await deps.repository.insert({
        id: randomUUID(),
        accountId,
        token,
        network,
        chain,
        webhookUrl: hook,
        email,
        dashboard: input.deliver?.dashboard ?? true,
        webhookSecret: secret,
        baseline,
        verdict: verdict?.summary ?? null,
        createdAt: now().toISOString(),
        lastCheckedBlock: head,
      });
      deps.onChange?.(network);
      return { watch: record, secret };
    },

    list: (accountId: string) => deps.repository.listOf(accountId),

    async get(accountId: string, id: string) {
      const watch = await deps.repository.find(id, accountId);
      if (!watch) throw new WatchNotFoundError();
      return { watch, events: await deps.repository.eventsOf(id) };
    },

    async remove(accountId: string, id: string): Promise<void> {
      const watch = await deps.repository.find(id, accountId);
      if (!watch || !(await deps.repository.remove(id, accountId, now().toISOString()))) throw new WatchNotFoundError();
      deps.onChange?.(watch.network);
    },
  };
}

export type WatchService = ReturnType<typeof createWatchService>;
