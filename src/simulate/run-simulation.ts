/**
 * One simulation on an in-process chain that the caller has isolated (a fork, a snapshot
 * or a fresh chain): validate the token, find its pool, run the trades, then the extra
 * checks (holders, largest buy, owner actions), under a wall-clock cap. Never throws:
 * every failure becomes one of the spec's taxes error values with a reason.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { getOwner } from '../chain/get-owner.ts';
import type { Eip1193Provider } from '../devnet/edr-provider.ts';
import type { ChainDetails } from '../chain/chain-details.ts';
import { chainClientOverProvider } from './chain-client-over-provider.ts';
import { checkHolders } from './check-holders.ts';
import { CONFIRM_KINDS, confirmOwnerActions, type ConfirmKind } from './confirm-owner-actions.ts';
import type { TokenPower } from '../analysis/token-powers.ts';
import { exerciseOwnerPowers, mintShown } from './exercise-owner-powers.ts';
import { abiFromBytecode, selectorsOf, type SelectorNames } from './bytecode-abi.ts';
import { privilegedFromChain } from './chain-privileged.ts';
import { exploreOwnerPowers, type ExploreContext } from './explore-privileged.ts';
import { EvmSession, SimulationAborted } from './evm-session.ts';
import { recordCalls, type CallRecorder } from '../receipts/call-recorder.ts';
import { proveClosedUntilOpened, type BeforeOpening } from './closed-until-opened.ts';
import { findMaxBuy } from './find-max-buy.ts';
import { findPool, type FoundPool } from './find-pool.ts';
import { DEFAULT_TRADE_OPTIONS, runTrades, type TradeOptions, type TradesOutcome } from './run-trades.ts';
import { erc20Abi } from './simulation-abis.ts';
import { SimulationError } from './simulation-error.ts';
import {
  EMPTY_CONFIRMATIONS,
  emptyTaxes,
  type Confirmation,
  type Confirmations,
  type ExplorationResult,
  type OwnerActionCheck,
  type SimulationRecording,
  type SimulationResult,
  type SimulationStep,
  type TaxError,
} from './simulation-types.ts';

export interface SimulationSettings {
  /** Wall-clock cap of the whole simulation in ms (default 5,000). */
  readonly timeoutMs?: number;
  /** Gas cap of each simulated transaction (default 5,000,000). */
  readonly gasCap?: bigint;
  /** Existing holders to replay transfers from (default: recipients of recent transfers). */
  readonly holders?: readonly string[];
  /** How many holders to try (default 3). */
  readonly maxHolders?: number;
  /** Blocks searched back for recent recipients (default 2,000). */
  readonly holderLookbackBlocks?: number;
  /** Owner actions to confirm (default all: blacklist, pause, setFees, mint); [] for none. */
  readonly confirm?: readonly ConfirmKind[];
  /** Find the largest passing buy (default true). */
  readonly maxBuy?: boolean;
  readonly trade?: Partial<TradeOptions>;
  /** Owner powers the source analysis found: each is exercised after a holder bought (instead of the fixed candidate shapes). */
  readonly powers?: readonly TokenPower[];
  /** What the result proves ("at launch, with guessed constructor arguments"); default by mode. */
  readonly scope?: string;
  /**
   * Explore every state-changing function of the token's ABI as every privileged address
   * after a holder bought (source scans, which know the ABI and storage layout).
   */
  readonly explore?: Pick<ExploreContext, 'abi' | 'storage' | 'sources' | 'maxCalls' | 'wallMs'> & {
    /** Source mode opened trading with an owner call: the chain before it, proven against last (closed-until-opened.ts). */
    readonly beforeOpening?: BeforeOpening;
  };
  /**
   * Address scans (no source): explore the functions of the token's selector table (evmole)
   * as the privileged addresses read from chain state (default true); `exploreWallMs` caps it (default 4,000).
   */
  readonly exploreBytecode?: boolean;
  readonly exploreWallMs?: number;
  /** Names the selector table beyond the well-known signatures (the signature database); none when absent or failing. */
  readonly selectorNames?: (selectors: readonly string[]) => Promise<SelectorNames>;
}

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_GAS_CAP = 5_000_000n;

export interface RunSimulationInput extends SimulationSettings {
  readonly provider: Eip1193Provider;
  readonly details: ChainDetails;
  readonly chainId: number;
  readonly token: string;
  readonly mode: SimulationResult['mode'];
  /** The pool to trade on when the caller knows it (source scans); found through the chain layer otherwise. */
  readonly pool?: FoundPool;
  /** Steps the caller already took (deploy, liquidity), shown first. */
  readonly evidence?: readonly SimulationStep[];
  /** The owner when the caller knows it (the deployer of a source scan); read from the chain otherwise. */
  readonly owner?: Address;
  /** Remote round trips so far (fork mode), read at the end. */
  readonly roundTrips?: () => number;
  /** Names the fresh accounts (default random): the discovery passes of a fork simulation share one. */
  readonly accountSeed?: string;
  /** Records the calls (issue 33); default a new recorder over `provider`. Source mode passes its own, started before the deployment. */
  readonly recorder?: CallRecorder;
  /** Source mode: the fresh chain, as a replay rebuilds it. */
  readonly localChain?: SimulationRecording['localChain'];
}

export interface RunningSimulation {
  readonly result: SimulationResult;
  /** Settles when the chain is no longer used (after a wall-clock stop, the in-flight request ends first). */
  readonly done: Promise<void>;
  /** JSON-RPC requests sent to the in-process chain. */
  readonly requests: () => number;
}

export async function runSimulation(given: RunSimulationInput): Promise<RunningSimulation> {
  const started = performance.now();
  const recorder = given.recorder ?? recordCalls(given.provider);
  // Every request of the run goes through the recorder: the simulation's own and the chain layer's reads.
  const input: RunSimulationInput = { ...given, provider: recorder.provider };
  const session = new EvmSession(recorder.provider, input.gasCap ?? DEFAULT_GAS_CAP, input.accountSeed);
  session.label = (conclusion) => recorder.supports(conclusion);
  const recording: SimulationRecording = {
    calls: () => recorder.calls(),
    start: () => recorder.start(),
    ...(input.localChain ? { localChain: input.localChain } : {}),
    toJSON: () => undefined,
  };
  const steps: SimulationStep[] = [...(input.evidence ?? [])];
  const state: SimulationState = {
    trades: null,
    pool: input.pool ?? null,
    confirmations: EMPTY_CONFIRMATIONS,
    phase: 'validation',
    ownerActions: [],
  };
  const deadline = started + (input.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const finish = (error: TaxError | '', reason: string): SimulationResult => ({
    taxes: state.trades ? state.trades.taxes : emptyTaxes(error),
    reason: state.trades ? state.trades.reason || (error && reason) : reason,
    evidence: steps,
    confirmations: state.confirmations,
    pool: state.pool
      ? {
          pair: state.pool.pair,
          router: state.pool.router,
          factory: state.pool.factory,
          quote: state.pool.quote,
          quoteSymbol: state.pool.quoteSymbol,
          dex: state.pool.dex,
        }
      : null,
    mode: input.mode,
    durationMs: Math.round(performance.now() - started),
    ownerActions: state.ownerActions,
    ...(state.exploration ? { exploration: state.exploration } : {}),
    scope: input.scope ?? DEFAULT_SCOPE[input.mode],
    roundTrips: input.roundTrips?.() ?? 0,
    // A run stopped at its cap has no complete record: no receipt is made of it.
    ...(state.capped ? {} : { recording }),
  });

  const work = (async (): Promise<SimulationResult> => {
    try {
      await simulate(input, session, steps, state, deadline);
      return finish('', '');
    } catch (error) {
      if (state.trades) {
        // The taxes are measured; an extra check failing only loses its own evidence.
        steps.push({ step: 'owner-action', ok: false, description: `extra checks stopped during ${state.phase}`, reason: describe(error) });
        return finish('', '');
      }
      return finish(error instanceof SimulationError ? error.code : 'UNCAUGHT_ERROR', describe(error));
    }
  })();
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const capped = new Promise<SimulationResult>((resolve) => {
    timer = setTimeout(() => {
      session.aborted = true;
      state.capped = true;
      const reason = `simulation stopped at its wall-clock cap of ${timeoutMs} ms during ${state.phase}`;
      if (state.trades) steps.push({ step: 'owner-action', ok: false, description: 'extra checks stopped', reason });
      resolve(finish('UNCAUGHT_ERROR', reason));
    }, timeoutMs);
  });
  const result = await Promise.race([work, capped]);
  clearTimeout(timer);
  return { result, done: work.then(() => undefined), requests: () => session.requests };
}

const DEFAULT_SCOPE: Record<SimulationResult['mode'], string> = {
  fork: 'on a fork of the live chain at its latest block',
  snapshot: 'on the in-process chain as it is now',
  local: 'at launch on a fresh chain',
};

interface SimulationState {
  trades: TradesOutcome | null;
  pool: FoundPool | null;
  confirmations: Confirmations;
  phase: string;
  ownerActions: OwnerActionCheck[];
  exploration?: ExplorationResult;
  capped?: boolean;
}

/** The analysis's kinds of power, as the legacy confirmation fields name them. */
const LEGACY_KIND: Partial<Record<TokenPower['kind'], ConfirmKind>> = {
  blacklist: 'blacklist',
  pause: 'pause',
  'trading-switch': 'pause',
  'set-fees': 'setFees',
  mint: 'mint',
};

function legacyConfirmations(checks: readonly OwnerActionCheck[]): Partial<Record<ConfirmKind, Confirmation>> {
  const out: Partial<Record<ConfirmKind, Confirmation>> = {};
  for (const c of checks) {
    const kind = LEGACY_KIND[c.kind as TokenPower['kind']];
    if (!kind) continue;
    const confirmed =
      kind === 'mint'
        ? mintShown(c)
        : c.sellAfter === 'failed' || (kind === 'setFees' && c.sellAfter === 'passed' && c.statement.includes('tax (was'));
    const previous = out[kind];
    if (previous?.confirmed) continue;
    out[kind] = { confirmed, call: c.call, error: c.sellAfter === 'failed' ? 'SELL_FAILED' : '', reason: c.statement, evidence: [] };
  }
  return out;
}

/** The exploration's proven effects as evidence steps (one owner action each). */
function explorationSteps(x: ExplorationResult, token: Address): SimulationStep[] {
  const steps: SimulationStep[] = x.effects.map((e) => ({
    step: 'owner-action',
    ok: true,
    description: `exploration: ${e.evidence}`,
    ...(e.caller ? { from: e.caller } : {}),
    to: token,
    ...(e.data ? { data: e.data } : {}),
  }));
  if (x.cutShort)
    steps.push({ step: 'owner-action', ok: false, description: `exploration of ${x.functions.length} functions`, reason: x.cutShort });
  return steps;
}

/**
 * The exploration of a token known by its bytecode only: the ABI and address slots from the
 * selector table and storage analysis (evmole), the privileged addresses from chain state.
 * With no owner, a fresh account stands in as the first caller (the other privileged
 * addresses and the checks with no owner action still run).
 */
async function exploreBytecode(
  session: EvmSession,
  token: Address,
  pool: FoundPool,
  owner: string | null,
  baselineSellTax: number | null,
  wallMs: number,
  selectorNames?: (selectors: readonly string[]) => Promise<SelectorNames>,
): Promise<ExplorationResult> {
  // Names for selectors the well-known list lacks; an unreachable database leaves them as selectors.
  const abiOf = async (code: `0x${string}`) =>
    abiFromBytecode(code, selectorNames ? await selectorNames(selectorsOf(code)).catch(() => undefined) : undefined);
  const { abi: own, storage } = await abiOf(await session.code(token));
  const abi = [...own];
  // A proxy (EIP-1967): the implementation's functions run on the token's storage; explored too.
  const implementation = await implementationOf(session, token);
  if (implementation) {
    const more = await abiOf(await session.code(implementation));
    const known = new Set(abi.map((f) => (f.type === 'function' ? f.name : '')));
    abi.push(...more.abi.filter((f) => f.type === 'function' && !known.has(f.name)));
  }
  const privileged = await privilegedFromChain(session, token);
  const named = owner && !/^0x0{40}$/i.test(owner) ? getAddress(owner) : (privileged[0]?.address ?? null);
  const first = named ?? (await session.freshAccount(10n ** 22n));
  const snapshot = await session.snapshot();
  try {
    return await exploreOwnerPowers({
      session,
      token,
      pool,
      owner: first,
      ownerRole: named ? (privileged.find((p) => p.address === named)?.role ?? 'owner()') : 'no owner: a fresh account',
      privileged,
      abi,
      storage,
      sources: {},
      baselineSellTax,
      wallMs,
      maxCalls: 120,
      choicesPerFunction: 4,
    });
  } finally {
    await session.revert(snapshot);
  }
}

/** keccak256("eip1967.proxy.implementation") - 1. */
const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

async function implementationOf(session: EvmSession, token: Address): Promise<Address | null> {
  const word = await session.rpc<string>('eth_getStorageAt', [token, EIP1967_IMPLEMENTATION_SLOT, 'latest']).catch(() => null);
  const hex = word ? word.slice(2).padStart(64, '0') : '';
  if (!/^0{24}/.test(hex) || /^0{64}$/.test(hex)) return null;
  const address = getAddress(`0x${hex.slice(24)}`);
  return (await session.code(address)) === '0x' ? null : address;
}

function describe(error: unknown): string {
  if (error instanceof SimulationAborted) return error.message;
  return error instanceof Error ? error.message : String(error);
}

async function simulate(
  input: RunSimulationInput,
  session: EvmSession,
  steps: SimulationStep[],
  state: SimulationState,
  deadline: number,
): Promise<void> {
  if (!isAddress(input.token, { strict: false }))
    throw new SimulationError('INVALID_TOKEN_ADDRESS', `not an address: ${JSON.stringify(input.token)}`);
  const token: Address = getAddress(input.token);
  session.label('validation: the address holds an ERC-20 token');
  if ((await session.code(token)) === '0x')
    throw new SimulationError('INVALID_TOKEN_ADDRESS', `no contract at ${token} on ${input.details.symbol}`);
  await session.read<bigint>(token, erc20Abi, 'totalSupply', [], 'INVALID_TOKEN_ADDRESS');
  await session.read<bigint>(token, erc20Abi, 'balanceOf', [token], 'INVALID_TOKEN_ADDRESS');

  state.phase = 'pool discovery';
  session.label('the pool traded on');
  const client = chainClientOverProvider(input.provider, input.details, input.chainId);
  if (!state.pool) {
    try {
      state.pool = await findPool(client, token);
    } catch (error) {
      if (error instanceof SimulationError) throw error;
      throw new SimulationError('POOL_NOT_FOUND', `pool discovery failed: ${describe(error)}`, {}, { cause: error });
    }
  }
  const pool = state.pool;
  steps.push({
    step: 'find-pool',
    ok: true,
    description: `trade on ${pool.dex} pair ${pool.pair} against ${pool.quoteSymbol || pool.quote}`,
    to: pool.pair,
  });

  state.phase = 'trades';
  session.label('taxes: buy, transfer and sell');
  const snapshot = await session.snapshot();
  const trades = await runTrades(session, token, pool, { ...DEFAULT_TRADE_OPTIONS, ...input.trade }, steps);
  state.trades = trades;
  await session.revert(snapshot);
  if (!trades.bought) return;

  const confirmations: { -readonly [K in keyof Confirmations]: Confirmations[K] } = {
    ...EMPTY_CONFIRMATIONS,
    cooldown: trades.cooldown,
    sellAgain: trades.sellAgain,
    balanceDrift: trades.balanceDrift,
  };
  state.confirmations = confirmations;

  state.phase = 'holder transfers';
  session.label('holders can transfer');
  confirmations.holders = await checkHolders(
    session,
    token,
    {
      ...(input.holders ? { holders: input.holders } : {}),
      exclude: [pool.pair, pool.router, pool.factory, trades.buyer],
      max: input.maxHolders ?? 3,
      lookbackBlocks: input.holderLookbackBlocks ?? 2_000,
    },
    steps,
  );

  if (input.maxBuy ?? true) {
    state.phase = 'largest buy';
    session.label('largest buy');
    confirmations.maxBuy = await findMaxBuy(session, token, pool, trades.buyIn, steps);
  }

  const kinds = input.confirm ?? CONFIRM_KINDS;
  if (input.powers && kinds.length > 0 && trades.taxes.error === 'SELL_FAILED') {
    steps.push({
      step: 'owner-action',
      ok: false,
      description: 'owner powers not exercised',
      reason: 'the sell already fails at launch: no owner action is needed to stop it',
    });
  } else if (input.powers && kinds.length > 0) {
    state.phase = 'owner actions';
    session.label('owner powers');
    const owner = input.owner ?? (await getOwner(client, { address: token })).owner;
    if (!owner || /^0x0{40}$/.test(owner)) {
      steps.push({
        step: 'owner-action',
        ok: false,
        description: 'owner powers not exercised',
        reason: 'no owner to act (none found, or renounced)',
      });
    } else {
      await exerciseOwnerPowers({ session, token, pool, owner, powers: input.powers, baselineSellTax: trades.taxes.sellTax }, steps).then(
        (checks) => state.ownerActions.push(...checks),
      );
      Object.assign(confirmations, legacyConfirmations(state.ownerActions));
      if (input.explore) {
        state.phase = 'exploration';
        session.label('exploration of privileged functions');
        // The exploration keeps a margin before the simulation's own cap so what it proved is kept.
        const wallMs = Math.min(input.explore.wallMs ?? 6_000, Math.max(0, deadline - performance.now() - 1_500));
        const snapshot = await session.snapshot();
        // Role-set members and the owner the getters name, beside the address variables of the layout.
        const privileged = await privilegedFromChain(session, token);
        state.exploration = await exploreOwnerPowers({
          ...input.explore,
          privileged,
          wallMs,
          session,
          token,
          pool,
          owner,
          baselineSellTax: trades.taxes.sellTax,
        });
        await session.revert(snapshot);
        steps.push(...explorationSteps(state.exploration, token));
        // Last, since it goes back to before the opening for good: were holders stuck until the owner opened trading?
        const gate = input.explore.beforeOpening;
        if (gate && trades.taxes.error === '' && performance.now() < deadline - 500) {
          state.phase = 'trading closed before the opening';
          session.label('holders stuck until the owner opened trading');
          const closed = await proveClosedUntilOpened({
            session,
            token,
            owner,
            before: gate,
            abi: input.explore.abi,
            sources: input.explore.sources,
          });
          if (closed) {
            state.exploration = { ...state.exploration, effects: [...state.exploration.effects, closed] };
            steps.push(...explorationSteps({ ...state.exploration, effects: [closed], cutShort: '' }, token));
          }
        }
      }
    }
  } else if (kinds.length > 0) {
    state.phase = 'owner actions';
    session.label('owner actions: blacklist, pause, fees, mint');
    const { owner } = await getOwner(client, { address: token });
    const confirmed = await confirmOwnerActions(
      {
        session,
        token,
        pool,
        owner: owner && owner !== '0x0000000000000000000000000000000000000000' ? owner : null,
        baseline: { transferTax: trades.taxes.transferTax, sellTax: trades.taxes.sellTax },
      },
      kinds,
    );
    for (const kind of kinds) {
      const c = confirmed[kind];
      if (!c) continue;
      confirmations[kind] = c;
      steps.push(...c.evidence);
    }
  }
  if (!input.powers && !input.explore && (input.exploreBytecode ?? true)) {
    state.phase = 'exploration';
    session.label('exploration of privileged functions');
    const { owner } = await getOwner(client, { address: token });
    const wallMs = Math.min(input.exploreWallMs ?? 4_000, Math.max(0, deadline - performance.now() - 1_500));
    state.exploration = await exploreBytecode(session, token, pool, owner, trades.taxes.sellTax, wallMs, input.selectorNames);
    steps.push(...explorationSteps(state.exploration, token));
  }
  state.phase = 'done';
}
