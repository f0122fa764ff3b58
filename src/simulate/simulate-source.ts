/**
 * `simulateSource`: the honeypot and tax check of a token known only by its source.
 * Compile with the solc its pragmas ask for, analyse the source for the token's owner
 * powers, ledger and trading switches, deploy the main ERC-20 contract on a fresh
 * in-process chain with WETH and Uniswap V2 (also at the addresses the token hard-codes;
 * constructor arguments guessed from types and names), give the deployer tokens when the
 * constructor did not, add liquidity, open trading through the switch the analysis found,
 * then simulate as for a deployed token and exercise every owner power after a holder
 * bought. What it proves: the token at launch, with guessed arguments. Never rejects.
 */
import { recordCalls, type CallRecorder } from '../receipts/call-recorder.ts';
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { analyzeSources } from '../analysis/analyze.ts';
import type { TokenPower, TokenPowersOfContract } from '../analysis/token-powers.ts';
import {
  compileSolidity,
  type CompiledContract,
  type CompileSolidityOptions,
  type CompileSolidityReturnType,
} from '../compile/compile-solidity.ts';
import { CompileError } from '../compile/compile-error.ts';
import { selectTokenContract } from '../compile/select-contract.ts';
import { openByBehaviour, STAND_IN } from './open-by-behaviour.ts';
import { linkLibraries, placeholders } from './link-libraries.ts';
import { hardcodedAddresses, placeHardcodedContracts } from './hardcoded-addresses.ts';
import { seedDeployerBalance } from './seed-balance.ts';
import { chainDetails } from '../chain/chain-details.ts';
import { LOCAL_NETWORK } from '../chain/networks.ts';
import { constructorArgumentAttempts, UnguessableConstructorError } from './constructor-arguments.ts';
import { DEPLOY_GAS, deployContract, deployDexChain, type DexChain } from './deploy-dex.ts';
import type { FoundPool } from './find-pool.ts';
import { revertReason } from './revert-reason.ts';
import { runSimulation, type SimulationSettings } from './run-simulation.ts';
import { erc20Abi, MAX_UINT, NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import { SimulationError } from './simulation-error.ts';
import type { ExplorationResult, UnprovenPower } from './explore-privileged.ts';
import { mintShown } from './exercise-owner-powers.ts';
import {
  EMPTY_CONFIRMATIONS,
  emptyTaxes,
  type OwnerActionCheck,
  type SimulationResult,
  type SimulationStep,
  type TaxError,
} from './simulation-types.ts';

export interface SimulateSourceOptions extends SimulationSettings {
  /** The contract to deploy (default: the deployable ERC-20 contract with the largest bytecode). */
  readonly contractName?: string;
  /** An installed solc version instead of the pragmas' choice. */
  readonly version?: string;
  /** Keep compile outputs here across processes. */
  readonly compileCacheDir?: string;
  /** Constructor arguments instead of the guesses. */
  readonly constructorArgs?: readonly unknown[];
  /** Native token added as liquidity with half the deployer's tokens (default 10 ETH). */
  readonly liquidity?: bigint;
  /**
   * Where solc runs: the server's compile pool (worker processes with time and memory
   * limits, `src/compile/compile-pool.ts`); in this process by default (the command line,
   * scripts). `select` asks for the token contract alone.
   */
  readonly compile?: CompileSources;
  /**
   * Where the token's owner powers are read from the source: the analysis pool's workers
   * on the server; in this process by default.
   */
  readonly tokenPowers?: (sources: Readonly<Record<string, string>>, contract: string) => Promise<TokenPowersOfContract | undefined>;
  /** Ends the compile (and the wait for it) when the scan gives up. */
  readonly signal?: AbortSignal;
}

/** A compile as `simulateSource` asks for it (the compile pool's `compile` fits). */
export type CompileSources = (
  sources: Readonly<Record<string, string>>,
  options: Pick<CompileSolidityOptions, 'version' | 'optimize'> & {
    readonly select?: { readonly name?: string };
    readonly signal?: AbortSignal;
  },
) => Promise<CompileSolidityReturnType>;

/** In this process: blocks the event loop while solc runs (fine for a command or a script). */
function compileInProcess(cacheDir: string | undefined): CompileSources {
  return async (sources, options) =>
    compileSolidity(sources, {
      ...(options.version ? { version: options.version } : {}),
      optimize: options.optimize ?? true,
      ...(cacheDir ? { cacheDir } : {}),
    });
}

export interface CompilerInfo {
  readonly version: string;
  readonly longVersion: string;
  readonly contract: string;
  readonly file: string;
  readonly durationMs: number;
  /** Why compiling failed; '' when it worked. */
  readonly error: string;
  /** A near compiler patch used, imports left out. */
  readonly notes: readonly string[];
}

export type SourceSimulationResult = SimulationResult & { readonly compiler: CompilerInfo; readonly token: Address | null };

/** What a source-mode answer proves. */
export const SOURCE_SCOPE = 'at launch, with guessed constructor arguments, on a fresh chain with Uniswap V2';

/** Picks the token contract: the named one, else the deployable ERC-20 with the most code (the most derived). */
export function pickTokenContract(contracts: readonly CompiledContract[], name?: string): CompiledContract {
  const chosen = selectTokenContract(contracts, name);
  if (chosen) return chosen;
  if (name) throw new SimulationError('INVALID_TOKEN_ADDRESS', `no deployable contract named ${name} in the sources`);
  throw new SimulationError('INVALID_TOKEN_ADDRESS', NO_ERC20);
}

const NO_ERC20 =
  'the sources hold no deployable ERC-20 contract (balanceOf, transfer, totalSupply, approve, transferFrom): without approve and transferFrom a token cannot trade on a pool';

/** Whether the text of the sources declares the functions a pool needs of a token (a check that needs no compile). */
export function declaresErc20(sources: Readonly<Record<string, string>>): boolean {
  const text = Object.values(sources).join('\n');
  return ['approve', 'transferFrom', 'balanceOf'].every((n) => new RegExp(`\\bfunction\\s+${n}\\s*\\(`).test(text));
}

/**
 * @example
 * const { taxes, compiler } = await simulateSource({ 'FeeToken.sol': source });
 */
export async function simulateSource(
  sources: Readonly<Record<string, string>>,
  options: SimulateSourceOptions = {},
): Promise<SourceSimulationResult> {
  const started = performance.now();
  const compiler: { -readonly [K in keyof CompilerInfo]: CompilerInfo[K] } = {
    version: '',
    longVersion: '',
    contract: '',
    file: '',
    durationMs: 0,
    error: '',
    notes: [],
  };
  const evidence: SimulationStep[] = [];
  const fail = (error: TaxError, reason: string): SourceSimulationResult => ({
    taxes: emptyTaxes(error),
    reason,
    evidence,
    confirmations: EMPTY_CONFIRMATIONS,
    pool: null,
    mode: 'local',
    durationMs: Math.round(performance.now() - started),
    ownerActions: [],
    scope: SOURCE_SCOPE,
    roundTrips: 0,
    compiler,
    token: null,
  });

  let contract: CompiledContract;
  let compiled: readonly CompiledContract[];
  try {
    // Without the optimizer: it costs old compilers up to tens of seconds on large files and changes no tax
    // (the chain lifts the code-size limit that unoptimised code can pass).
    const compile = options.compile ?? compileInProcess(options.compileCacheDir);
    const out = await compile(sources, {
      optimize: false,
      ...(options.version ? { version: options.version } : {}),
      select: options.contractName ? { name: options.contractName } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
    Object.assign(compiler, { version: out.version, longVersion: out.longVersion, durationMs: out.durationMs, notes: out.notes });
    compiled = out.contracts;
    contract = pickTokenContract(out.contracts, options.contractName);
    Object.assign(compiler, { contract: contract.name, file: contract.file });
  } catch (error) {
    if (error instanceof SimulationError) return fail(error.code, error.message);
    compiler.error = error instanceof Error ? error.message : String(error);
    evidence.push({ step: 'deploy', ok: false, description: 'compile the sources', reason: compiler.error });
    // A compile stopped at its time or memory limit says so itself ("compile cut short: …").
    const cutShort = error instanceof CompileError && (error.kind === 'time-limit' || error.kind === 'memory-limit');
    // Sources that declare no approve or transferFrom anywhere hold no token a pool could trade, compiled or not: said too.
    const none = !cutShort && !declaresErc20(sources) ? `; besides, ${NO_ERC20}` : '';
    return fail('UNCAUGHT_ERROR', cutShort ? compiler.error : `compile failed: ${compiler.error}${none}`);
  }
  const powers = await (options.tokenPowers ?? powersInProcess)(sources, contract.name).catch(() => undefined);

  let chain: DexChain;
  let recorder: CallRecorder;
  let token: Address;
  const opened: string[] = [];
  /** The chain before the first try to open trading (a snapshot), for the proof that holders were stuck there. */
  const gate: { snapshot: Hex | null } = { snapshot: null };
  try {
    const fresh = await deployDexChain();
    // Recorded from the first step after the DEX: the receipt's replay rebuilds the DEX itself (issue 33).
    recorder = recordCalls(fresh.provider);
    chain = { ...fresh, provider: recorder.provider };
    const placed = await placeHardcodedContracts(chain, hardcodedAddresses(sources));
    for (const p of placed)
      evidence.push({
        step: 'deploy',
        ok: true,
        description: `the source hard-codes ${p.address} as a ${p.role} (${p.via}): the simulation chain's ${p.role === 'stablecoin' ? 'ERC-20 (WETH9)' : p.role} code was put there`,
        to: p.address,
      });
    const deployed = await deployToken(chain, contract, options.constructorArgs, evidence, compiled);
    token = deployed.address;
    const seeded = await seedDeployerBalance(chain, token, deployed.hash, contract.storage, powers);
    if (seeded.balance === 0n) {
      throw new SimulationError(
        'INSUFFICIENT_LIQUIDITY',
        `the deployer holds no tokens after deployment and none could be given (${seeded.tried.join('; ') || 'no way found'})`,
      );
    }
    if (seeded.how)
      evidence.push({ step: 'fund', ok: true, description: `the deployer got ${seeded.balance} raw units: ${seeded.how}`, to: token });
    await addLiquidity(
      chain,
      token,
      seeded.balance,
      options.liquidity ?? parseEther('10'),
      switchCandidates(powers),
      powers?.authoritySetters ?? [],
      opened,
      evidence,
      contract.abi,
      gate,
    );
  } catch (error) {
    if (error instanceof SimulationError) return fail(error.code, error.message);
    return fail('UNCAUGHT_ERROR', error instanceof Error ? error.message : String(error));
  }
  const pairWord = (await chain.provider.request({
    method: 'eth_call',
    params: [
      { to: chain.factory, data: encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [token, chain.weth] }) },
      'latest',
    ],
  })) as Hex;
  const pool: FoundPool = {
    pair: getAddress(`0x${pairWord.slice(-40)}`),
    router: chain.router,
    factory: chain.factory,
    quote: chain.weth,
    wrapped: chain.weth,
    quoteSymbol: 'WETH',
    dex: 'Uniswap V2 (simulation chain)',
  };
  const details = chainDetails(LOCAL_NETWORK.symbol);
  if (!details) return fail('UNCAUGHT_ERROR', 'the LOCAL network has no chain details');
  const scope = `${SOURCE_SCOPE}${opened.length > 0 ? `, after the owner opened trading with ${opened.join(', ')}` : ''}`;
  const exercised = options.powers ?? powers?.powers ?? [];
  // The wall-clock cap bounds the trades and checks (compiling and deploying are bounded by gas and the compile itself).
  const running = await runSimulation({
    ...options,
    provider: chain.provider,
    details,
    chainId: 31337,
    token,
    mode: 'local',
    pool,
    evidence,
    owner: chain.deployer,
    powers: exercised,
    explore: {
      abi: contract.abi,
      storage: contract.storage,
      sources,
      ...(gate.snapshot && opened.length > 0 ? { beforeOpening: { snapshot: gate.snapshot, opened: [...opened] } } : {}),
    },
    scope,
    recorder,
    localChain: {
      genesisTimestamp: chain.genesisTimestamp,
      deployer: chain.deployer,
      weth: chain.weth,
      factory: chain.factory,
      router: chain.router,
      creationCode: { hash: keccak256(contract.bytecode), bytes: (contract.bytecode.length - 2) / 2 },
      settings: { optimizer: false },
    },
  });
  const exploration = running.result.exploration;
  return {
    ...running.result,
    ...(exploration
      ? { exploration: { ...withStaticPowers(exploration, exercised, running.result.ownerActions), dependencies: dependenciesOf(opened) } }
      : {}),
    durationMs: Math.round(performance.now() - started),
    compiler,
    token,
  };
}

/** The opening calls that pointed the token at the permissive stand-in: a contract outside the source decides who may trade. */
function dependenciesOf(opened: readonly string[]): { address: string; call: string; evidence: string }[] {
  return opened
    .filter((call) => call.includes(STAND_IN))
    .map((call) => ({
      address: STAND_IN,
      call,
      evidence: `transfers ask an external contract that is not in the source: trading only opened once \`${call}\` pointed the token at a stand-in that answers yes to every question; on chain, whoever controls that contract decides who can buy and sell`,
    }));
}

/**
 * Ties the exploration to the static analysis: an effect in a function the analysis named
 * is `predicted` (else it was found by behaviour alone), and each named power no call
 * showed an effect of is listed as unproven with why.
 */
export function withStaticPowers(
  exploration: ExplorationResult,
  powers: readonly TokenPower[],
  ownerActions: readonly OwnerActionCheck[],
): ExplorationResult {
  const named = new Set(powers.map((p) => p.signature));
  const shown = new Set([
    ...exploration.effects.map((e) => e.signature),
    // A mint counts once it was measured to create tokens: `mint(holder, 0)` going through proves nothing.
    ...ownerActions.filter((a) => a.sellAfter === 'failed' || mintShown(a)).map((a) => a.signature),
  ]);
  const unproven: UnprovenPower[] = [];
  for (const p of powers) {
    if (shown.has(p.signature) || unproven.some((u) => u.signature === p.signature)) continue;
    const action = ownerActions.find((a) => a.signature === p.signature);
    const explored = exploration.functions.includes(p.signature);
    const why = action
      ? action.statement
      : explored
        ? `no call to ${p.signature} by a privileged address changed what the holder could do`
        : exploration.cutShort || `${p.signature} was not exercised`;
    unproven.push({ signature: p.signature, line: p.line, why });
  }
  return { ...exploration, effects: exploration.effects.map((e) => ({ ...e, predicted: named.has(e.signature) })), unproven };
}

/**
 * The trading switches first, then other rule-changing powers that take no argument or one
 * flag or number (a launch block, a limit): each is kept only when it unblocks the step.
 */
function switchCandidates(powers: TokenPowersOfContract | undefined): TokenPower[] {
  if (!powers) return [];
  const others = powers.powers.filter(
    (p) =>
      // By signature and line, not identity: powers from a worker crossed IPC as copies.
      !powers.tradingSwitches.some((s) => s.signature === p.signature && s.line === p.line) &&
      ['transfer-rule', 'max-tx', 'cooldown', 'pause', 'trading-switch'].includes(p.kind) &&
      p.params.length <= 1 &&
      p.params.every((x) => x.type === 'bool' || /^uint\d*$/.test(x.type)),
  );
  return [...powers.tradingSwitches, ...others];
}

/** The analysis's powers of the contract that will be deployed (undefined when the analysis saw no token there). */
export async function powersInProcess(
  sources: Readonly<Record<string, string>>,
  contractName: string,
): Promise<TokenPowersOfContract | undefined> {
  try {
    return analyzeSources(sources).tokenPowers.find((p) => p.contract === contractName);
  } catch {
    return undefined;
  }
}

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);

async function deployToken(
  chain: DexChain,
  contract: CompiledContract,
  given: readonly unknown[] | undefined,
  evidence: SimulationStep[],
  compiled: readonly CompiledContract[] = [],
): Promise<{ address: Address; hash: Hex }> {
  let bytecode = contract.bytecode;
  if (placeholders(bytecode).length > 0) {
    // Public library functions: deploy the libraries and write their addresses in.
    try {
      bytecode = await linkLibraries(
        bytecode,
        compiled,
        async (code) => (await deployContract(chain.provider, chain.deployer, code)).address,
      );
    } catch (error) {
      throw new SimulationError(
        'UNCAUGHT_ERROR',
        `cannot link ${contract.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    evidence.push({ step: 'deploy', ok: true, description: `deploy the libraries ${contract.name} calls and link them` });
  }
  let attempts: unknown[][];
  try {
    attempts = given
      ? [[...given]]
      : constructorArgumentAttempts(contract.abi, {
          deployer: chain.deployer,
          router: chain.router,
          factory: chain.factory,
          weth: chain.weth,
        });
  } catch (error) {
    if (error instanceof UnguessableConstructorError)
      throw new SimulationError('UNCAUGHT_ERROR', `cannot deploy ${contract.name}: ${error.message}`);
    throw error;
  }
  let lastReason = '';
  let unreadable: { address: Address; hash: Hex } | undefined;
  for (const args of attempts) {
    let data: Hex;
    try {
      data = encodeDeployData({ abi: contract.abi, bytecode, args });
    } catch (error) {
      throw new SimulationError(
        'UNCAUGHT_ERROR',
        `cannot encode constructor arguments for ${contract.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    }
    const out = await deployContract(chain.provider, chain.deployer, data);
    const description = `deploy ${contract.name} with ${args.length === 0 ? 'no arguments' : `guessed arguments ${JSON.stringify(args, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`}`;
    if (out.address) {
      // A token whose own supply cannot be read with these arguments (it asks a contract an
      // address argument named, and there is none) is kept only if no later attempt does better.
      const readable = await answersTotalSupply(chain, out.address);
      evidence.push({
        step: 'deploy',
        ok: true,
        description: readable ? description : `${description}: deployed, but its totalSupply() reverts`,
        from: chain.deployer,
        txHash: out.hash,
        gasUsed: out.gasUsed,
        to: out.address,
      });
      if (readable) return { address: out.address, hash: out.hash };
      unreadable ??= { address: out.address, hash: out.hash };
      continue;
    }
    lastReason =
      out.gasUsed >= Number(DEPLOY_GAS) ? `out of gas (used the deployment cap of ${DEPLOY_GAS} gas)` : await deployReason(chain, data);
    evidence.push({
      step: 'deploy',
      ok: false,
      description,
      from: chain.deployer,
      txHash: out.hash,
      gasUsed: out.gasUsed,
      reason: lastReason,
    });
  }
  if (unreadable) return unreadable;
  const needsArgs =
    attempts[0] && attempts[0].length > 0 ? ` (constructor takes ${attempts[0].length} argument(s); guessed values were refused)` : '';
  throw new SimulationError('UNCAUGHT_ERROR', `the constructor of ${contract.name} reverted: ${lastReason}${needsArgs}`);
}

async function answersTotalSupply(chain: DexChain, token: Address): Promise<boolean> {
  try {
    // EDR answers a reverted eth_call with '0x' rather than an error: a supply is a 32-byte word.
    const out = (await chain.provider.request({ method: 'eth_call', params: [{ to: token, data: '0x18160ddd' }, 'latest'] })) as Hex;
    return out.length >= 66;
  } catch {
    return false;
  }
}

async function deployReason(chain: DexChain, data: Hex): Promise<string> {
  try {
    const out = (await chain.provider.request({
      method: 'eth_call',
      params: [{ from: chain.deployer, data, gas: numberToHex(DEPLOY_GAS) }, 'latest'],
    })) as Hex;
    return revertReason(out);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function send(
  chain: DexChain,
  to: Address,
  data: Hex,
  value = 0n,
  from: Address = chain.deployer,
): Promise<{ ok: boolean; reason: string; gasUsed: number }> {
  const tx = { from, to, data, value: numberToHex(value), gas: numberToHex(DEPLOY_GAS) };
  const hash = (await chain.provider.request({ method: 'eth_sendTransaction', params: [tx] })) as Hex;
  const receipt = (await chain.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status: Hex;
    blockNumber: Hex;
    gasUsed: Hex;
  } | null;
  const gasUsed = receipt ? Number(BigInt(receipt.gasUsed)) : 0;
  if (receipt?.status === '0x1') return { ok: true, reason: '', gasUsed };
  const replay = (await chain.provider.request({
    method: 'eth_call',
    params: [tx, numberToHex(BigInt(receipt?.blockNumber ?? '0x1') - 1n)],
  })) as Hex;
  return { ok: false, reason: revertReason(replay), gasUsed };
}

/** A V2 reserve is a uint112: keep the pool's token side far below it whatever the supply. */
const MAX_POOL_TOKENS = 10n ** 30n;

async function addLiquidity(
  chain: DexChain,
  token: Address,
  balance: bigint,
  native: bigint,
  switches: readonly TokenPower[],
  agents: readonly TokenPower[],
  opened: string[],
  evidence: SimulationStep[],
  abi: Abi,
  gate: { snapshot: Hex | null },
): Promise<void> {
  const openTrading = async (candidates: readonly TokenPower[], works: () => Promise<boolean>, byBehaviour = true) => {
    // Kept (never reverted to) until the end of the run, so earlier state stays reachable.
    gate.snapshot ??= (await chain.provider.request({ method: 'evm_snapshot', params: [] })) as Hex;
    if (await openTradingWith(chain, token, candidates, agents, opened, evidence, works)) return;
    if (!byBehaviour) return;
    // The named switches did not open it: the token's own functions, whatever their names (issue 27).
    const kept = await openByBehaviour(
      { provider: chain.provider, token, deployer: chain.deployer, abi, gas: DEPLOY_GAS, pair: await existingPair(chain, token) },
      works,
    );
    if (kept.length === 0) return;
    opened.push(...kept);
    evidence.push({
      step: 'owner-action',
      ok: true,
      description: `open trading: the deployer (owner) calls ${kept.join(' then ')} (found by behaviour: the blocked step passes after it)`,
      from: chain.deployer,
      to: token,
    });
  };
  const approveData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, MAX_UINT] });
  let approve = await send(chain, token, approveData);
  if (!approve.ok) {
    // Tokens paused at launch refuse even approvals: open trading first.
    evidence.push({
      step: 'approve',
      ok: false,
      description: 'the deployer approves the router',
      from: chain.deployer,
      to: token,
      reason: approve.reason,
    });
    await openTrading(switches, () => passes(chain, { to: token, data: approveData }));
    approve = await send(chain, token, approveData);
  }
  const half = balance / 2n > 0n ? balance / 2n : balance;
  const amount = half > MAX_POOL_TOKENS ? MAX_POOL_TOKENS : half;
  // Some tokens refuse an unlimited approval (arithmetic on the allowance overflows): the exact amount.
  if (!approve.ok) {
    const exact = await send(chain, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, amount] }));
    if (exact.ok) approve = exact;
  }
  if (!approve.ok) {
    // No approval passes even after opening: the router can never take these tokens. Seed
    // the pair as the router would (transfer and mint) so the buy is tried; a holder's sell
    // then needs the same approval, and its failure is the answer, with the reason.
    const seeded = await seedPairDirectly(chain, token, amount, native);
    evidence.push({
      step: 'add-liquidity',
      ok: seeded.ok,
      description: `add ${amount} raw token units and ${native} wei as liquidity directly (transfer to the pair and mint: the deployer's approval of the router reverted: ${approve.reason || 'no reason'})`,
      from: chain.deployer,
      to: token,
      gasUsed: seeded.gasUsed,
      ...(seeded.ok ? {} : { reason: seeded.reason }),
    });
    if (!seeded.ok) throw new SimulationError('UNCAUGHT_ERROR', `approving the router as the deployer reverted: ${approve.reason}`);
    await chain.provider.request({ method: 'hardhat_setBalance', params: [PROBE_BUYER, numberToHex(10n ** 20n)] });
    if (!(await buyPasses(chain, token))) await openTrading(switches, () => buyPasses(chain, token));
    return;
  }
  const addData = encodeFunctionData({
    abi: routerAbi,
    functionName: 'addLiquidityETH',
    args: [token, amount, 0n, 0n, chain.deployer, NO_DEADLINE],
  });
  const description = `add ${amount} raw token units${amount < half ? ` (capped: half the deployer's ${balance} would overflow the pair)` : ''} and ${native} wei as liquidity`;
  let added = await send(chain, chain.router, addData, native);
  if (!added.ok) {
    evidence.push({ step: 'add-liquidity', ok: false, description, from: chain.deployer, to: chain.router, reason: added.reason });
    // Tokens that refuse transfers until trading opens: open it, then try once more.
    await openTrading(switches, () => passes(chain, { to: chain.router, data: addData, value: native }));
    added = await send(chain, chain.router, addData, native);
  }
  if (!added.ok && /TRANSFER_FROM_FAILED/.test(added.reason) && (await allowanceOf(chain, token)) < amount) {
    // The unlimited approval did not take (some tokens refuse more than the balance): approve the amount.
    evidence.push({ step: 'add-liquidity', ok: false, description, from: chain.deployer, to: chain.router, reason: added.reason });
    const exact = await send(chain, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, amount] }));
    if (exact.ok) added = await send(chain, chain.router, addData, native);
  }
  let direct = '';
  if (!added.ok && /TRANSFER_FROM_FAILED/.test(added.reason)) {
    // The router moves the deployer's tokens with transferFrom, which some tokens break
    // (an inverted allowance check): seed the pair as the router would, by a plain
    // transfer and mint. Buyers then receive by transfer; sellers still go through
    // transferFrom, so a broken one shows as the sell failing.
    evidence.push({ step: 'add-liquidity', ok: false, description, from: chain.deployer, to: chain.router, reason: added.reason });
    added = await seedPairDirectly(chain, token, amount, native);
    direct = ' directly (transfer to the pair and mint: the router could not transferFrom the deployer)';
  }
  evidence.push({
    step: 'add-liquidity',
    ok: added.ok,
    description: `${description}${direct}`,
    from: chain.deployer,
    to: chain.router,
    gasUsed: added.gasUsed,
    ...(added.ok ? {} : { reason: added.reason }),
  });
  if (!added.ok) throw new SimulationError('UNCAUGHT_ERROR', `adding liquidity reverted: ${added.reason}`);
  await chain.provider.request({ method: 'hardhat_setBalance', params: [PROBE_BUYER, numberToHex(10n ** 20n)] });
  if (!(await buyPasses(chain, token))) await openTrading(switches, () => buyPasses(chain, token));
  else
    await openTrading(
      switches.filter((p) => OPENS_TRADING.test(p.function)),
      () => buyPasses(chain, token),
      false,
    );
}

/** The pool's pair when the factory has made it (after liquidity was added); null before. */
async function existingPair(chain: DexChain, token: Address): Promise<Address | null> {
  try {
    const word = (await chain.provider.request({
      method: 'eth_call',
      params: [
        { to: chain.factory, data: encodeFunctionData({ abi: directLiquidityAbi, functionName: 'getPair', args: [token, chain.weth] }) },
        'latest',
      ],
    })) as Hex;
    if (!/^0x[0-9a-fA-F]{64}$/.test(word) || BigInt(word) === 0n) return null;
    return getAddress(`0x${word.slice(26)}`);
  } catch {
    return null;
  }
}

/** The router's allowance from the deployer; 0 when the token has no readable allowance. */
async function allowanceOf(chain: DexChain, token: Address): Promise<bigint> {
  try {
    const word = (await chain.provider.request({
      method: 'eth_call',
      params: [
        {
          to: token,
          data: encodeFunctionData({ abi: directLiquidityAbi, functionName: 'allowance', args: [chain.deployer, chain.router] }),
        },
        'latest',
      ],
    })) as Hex;
    return /^0x[0-9a-fA-F]{64}$/.test(word) ? BigInt(word) : 0n;
  } catch {
    return 0n;
  }
}

const directLiquidityAbi = parseAbi([
  'function allowance(address, address) view returns (uint256)',
  'function getPair(address, address) view returns (address)',
  'function createPair(address, address) returns (address)',
  'function deposit() payable',
  'function transfer(address, uint256) returns (bool)',
  'function mint(address) returns (uint256)',
]);

/** Liquidity without the router: create the pair, transfer both sides to it, mint the LP tokens to the deployer. */
async function seedPairDirectly(
  chain: DexChain,
  token: Address,
  amount: bigint,
  native: bigint,
): Promise<{ ok: boolean; reason: string; gasUsed: number }> {
  const call = (to: Address, functionName: 'createPair' | 'deposit' | 'transfer' | 'mint', args: readonly unknown[], value = 0n) =>
    send(chain, to, encodeFunctionData({ abi: directLiquidityAbi, functionName, args } as never), value);
  let pair = await existingPair(chain, token);
  if (!pair) {
    const created = await call(chain.factory, 'createPair', [token, chain.weth]);
    if (!created.ok) return { ...created, reason: `creating the pair reverted: ${created.reason}` };
    pair = await existingPair(chain, token);
    if (!pair) return { ok: false, reason: 'the factory names no pair after creating it', gasUsed: created.gasUsed };
  }
  let gasUsed = 0;
  for (const [label, step] of [
    ['transferring the tokens to the pair', () => call(token, 'transfer', [pair, amount])],
    ['wrapping ether', () => call(chain.weth, 'deposit', [], native)],
    ['transferring WETH to the pair', () => call(chain.weth, 'transfer', [pair, native])],
    ['minting the pair', () => call(pair, 'mint', [chain.deployer])],
  ] as const) {
    const out = await step();
    gasUsed += out.gasUsed;
    if (!out.ok) return { ok: false, reason: `${label} reverted: ${out.reason}`, gasUsed };
  }
  return { ok: true, reason: '', gasUsed };
}

/** Names that say a function opens trading: called after liquidity even when buying already passes (sells may still be shut). */
const OPENS_TRADING = /^(?!.*(disable|stop|pause|halt|lock\b)).*(trad|launch|open|start|enable|live|unlock|activ)/i;

/** Whether a transaction from the deployer would pass now. */
async function passes(chain: DexChain, tx: { to: Address; data: Hex; value?: bigint }): Promise<boolean> {
  try {
    await chain.provider.request({
      method: 'eth_estimateGas',
      params: [{ from: chain.deployer, to: tx.to, data: tx.data, value: numberToHex(tx.value ?? 0n), gas: numberToHex(DEPLOY_GAS) }],
    });
    return true;
  } catch {
    return false;
  }
}

/** A buy from a fresh account would pass now (eth_estimateGas of the router's swap). */
async function buyPasses(chain: DexChain, token: Address): Promise<boolean> {
  const data = encodeFunctionData({
    abi: routerAbi,
    functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
    args: [0n, [chain.weth, token], PROBE_BUYER, NO_DEADLINE],
  });
  try {
    await chain.provider.request({
      method: 'eth_estimateGas',
      params: [{ from: PROBE_BUYER, to: chain.router, data, value: numberToHex(10n ** 16n), gas: numberToHex(DEPLOY_GAS) }],
    });
    return true;
  } catch {
    return false;
  }
}

/** A never-used address for probes (eth_estimateGas needs no key; the chain funds no one, so give it a balance). */
const PROBE_BUYER = '0x5c0ba5e0000000000000000000000000000b0b5e' as Address;

function switchArguments(power: TokenPower): unknown[][] {
  if (power.params.length === 0) return [[]];
  const values = (open: boolean) => power.params.map((p) => (p.type === 'bool' ? open : /^uint/.test(p.type) ? (open ? 0n : 1n) : null));
  return [values(true), values(false)].filter((args) => args.every((a) => a !== null));
}

/**
 * Opens trading with the switches the analysis found (whatever their names), as the
 * deployer: each choice of arguments runs from a snapshot and is kept only when `works`
 * (the blocked step) passes after it; the first that works ends the search.
 */
async function openTradingWith(
  chain: DexChain,
  token: Address,
  switches: readonly TokenPower[],
  agents: readonly TokenPower[],
  opened: string[],
  evidence: SimulationStep[],
  works: () => Promise<boolean>,
): Promise<boolean> {
  if (await tryOpen(chain, token, switches, opened, evidence, works)) return true;
  if (agents.length === 0 || switches.length === 0) return false;
  // A switch only an agent may call (`releaseTokenTransfer()` under `onlyReleaseAgent`): the owner names itself agent, then the switches are tried again.
  const request = (method: string, params: unknown[] = []) => chain.provider.request({ method, params });
  const snapshot = (await request('evm_snapshot')) as Hex;
  const named: string[] = [];
  for (const agent of agents) {
    const args = agent.params.map((p) => (p.type === 'address' ? chain.deployer : true));
    try {
      const data = encodeFunctionData({
        abi: parseAbi([`function ${agent.signature}`] as readonly string[]),
        functionName: agent.function,
        args,
      });
      if ((await send(chain, token, data)).ok) named.push(`${agent.function}(deployer${args.length > 1 ? ', true' : ''})`);
    } catch {
      // A setter we cannot encode is skipped.
    }
  }
  if (named.length > 0 && (await tryOpen(chain, token, switches, opened, evidence, works))) {
    evidence.push({
      step: 'owner-action',
      ok: true,
      description: `open trading: first the owner named itself agent with ${named.join(', ')}`,
      from: chain.deployer,
      to: token,
    });
    opened.unshift(...named);
    return true;
  }
  await request('evm_revert', [snapshot]);
  return false;
}

async function tryOpen(
  chain: DexChain,
  token: Address,
  switches: readonly TokenPower[],
  opened: string[],
  evidence: SimulationStep[],
  works: () => Promise<boolean>,
): Promise<boolean> {
  const request = (method: string, params: unknown[] = []) => chain.provider.request({ method, params });
  for (const power of switches) {
    if (opened.some((o) => o.startsWith(`${power.function}(`))) continue;
    for (const args of switchArguments(power)) {
      let data: Hex;
      try {
        data = encodeFunctionData({
          abi: parseAbi([`function ${power.signature}`] as readonly string[]),
          functionName: power.function,
          args,
        });
      } catch {
        continue;
      }
      const snapshot = (await request('evm_snapshot')) as Hex;
      const out = await send(chain, token, data);
      if (!out.ok || !(await works())) {
        await request('evm_revert', [snapshot]);
        continue;
      }
      const call = `${power.function}(${args.map(String).join(', ')})`;
      opened.push(call);
      evidence.push({
        step: 'owner-action',
        ok: true,
        description: `open trading: the deployer (owner) calls ${call} (line ${power.line})`,
        from: chain.deployer,
        to: token,
        data,
        gasUsed: out.gasUsed,
      });
      return true;
    }
  }
  return false;
}
