/**
 * `simulateSource`: the honeypot and tax check of a token known only by its source.
 * Compile with the solc its pragmas ask for, deploy the main ERC-20 contract on a fresh
 * in-process chain with WETH and Uniswap V2 (constructor arguments guessed from the
 * common token shapes), add liquidity, open trading where the token has a switch, then
 * simulate exactly as for a deployed token. Never rejects.
 */
import { encodeDeployData, encodeFunctionData, getAddress, numberToHex, parseAbi, parseEther, type Abi, type Address, type Hex } from 'viem';
import { compileSolidity, type CompiledContract } from '../compile/compile-solidity.ts';
import { chainDetails } from '../spec/chain-details.ts';
import { LOCAL_NETWORK } from '../spec/networks.ts';
import { constructorArgumentAttempts, UnguessableConstructorError } from './constructor-arguments.ts';
import { DEPLOY_GAS, deployContract, deployDexChain, type DexChain } from './deploy-dex.ts';
import type { FoundPool } from './find-pool.ts';
import { revertReason } from './revert-reason.ts';
import { runSimulation, type SimulationSettings } from './run-simulation.ts';
import { erc20Abi, MAX_UINT, NO_DEADLINE, routerAbi } from './simulation-abis.ts';
import { SimulationError } from './simulation-error.ts';
import { EMPTY_CONFIRMATIONS, emptyTaxes, type SimulationResult, type SimulationStep, type TaxError } from './simulation-types.ts';

export interface SimulateSourceOptions extends SimulationSettings {
  /** The contract to deploy (default: the deployable ERC-20 contract with the largest bytecode). */
  readonly contractName?: string;
  /** An installed solc version instead of the pragmas' choice. */
  readonly version?: string;
  /** Constructor arguments instead of the guesses. */
  readonly constructorArgs?: readonly unknown[];
  /** Native token added as liquidity with half the deployer's tokens (default 10 ETH). */
  readonly liquidity?: bigint;
}

export interface CompilerInfo {
  readonly version: string;
  readonly longVersion: string;
  readonly contract: string;
  readonly file: string;
  readonly durationMs: number;
  /** Why compiling failed; '' when it worked. */
  readonly error: string;
}

export type SourceSimulationResult = SimulationResult & { readonly compiler: CompilerInfo; readonly token: Address | null };

const ERC20_FUNCTIONS = ['balanceOf', 'transfer', 'totalSupply'];

/** Switches that open trading after launch, tried as the deployer once liquidity is in. */
const TRADING_SWITCHES = ['enableTrading()', 'openTrading()', 'startTrading()', 'launch()', 'setTradingEnabled(bool)', 'setTrading(bool)'];

function isErc20(c: CompiledContract): boolean {
  const names = new Set(c.abi.flatMap((item) => (item.type === 'function' ? [item.name] : [])));
  return c.bytecode.length > 2 && ERC20_FUNCTIONS.every((n) => names.has(n));
}

/** Picks the token contract: the named one, else the deployable ERC-20 with the most code (the most derived). */
export function pickTokenContract(contracts: readonly CompiledContract[], name?: string): CompiledContract {
  if (name) {
    const named = contracts.find((c) => c.name === name && c.bytecode.length > 2);
    if (!named) throw new SimulationError('INVALID_TOKEN_ADDRESS', `no deployable contract named ${name} in the sources`);
    return named;
  }
  const tokens = contracts.filter(isErc20).sort((a, b) => b.bytecode.length - a.bytecode.length);
  const best = tokens[0];
  if (!best) throw new SimulationError('INVALID_TOKEN_ADDRESS', 'the sources hold no deployable ERC-20 contract (balanceOf, transfer, totalSupply)');
  return best;
}

/**
 * @example
 * const { taxes, compiler } = await simulateSource({ 'FeeToken.sol': source });
 */
export async function simulateSource(sources: Readonly<Record<string, string>>, options: SimulateSourceOptions = {}): Promise<SourceSimulationResult> {
  const started = performance.now();
  const compiler: { -readonly [K in keyof CompilerInfo]: CompilerInfo[K] } = { version: '', longVersion: '', contract: '', file: '', durationMs: 0, error: '' };
  const evidence: SimulationStep[] = [];
  const fail = (error: TaxError, reason: string): SourceSimulationResult => ({
    taxes: emptyTaxes(error),
    reason,
    evidence,
    confirmations: EMPTY_CONFIRMATIONS,
    pool: null,
    mode: 'local',
    durationMs: Math.round(performance.now() - started),
    compiler,
    token: null,
  });

  let contract: CompiledContract;
  try {
    const out = compileSolidity(sources, options.version ? { version: options.version } : {});
    Object.assign(compiler, { version: out.version, longVersion: out.longVersion, durationMs: out.durationMs });
    contract = pickTokenContract(out.contracts, options.contractName);
    Object.assign(compiler, { contract: contract.name, file: contract.file });
  } catch (error) {
    if (error instanceof SimulationError) return fail(error.code, error.message);
    compiler.error = error instanceof Error ? error.message : String(error);
    return fail('UNCAUGHT_ERROR', `compile failed: ${compiler.error}`);
  }

  let chain: DexChain;
  let token: Address;
  try {
    chain = await deployDexChain();
    token = await deployToken(chain, contract, options.constructorArgs, evidence);
    await addLiquidity(chain, token, contract.abi, options.liquidity ?? parseEther('10'), evidence);
  } catch (error) {
    if (error instanceof SimulationError) return fail(error.code, error.message);
    return fail('UNCAUGHT_ERROR', error instanceof Error ? error.message : String(error));
  }
  const pairWord = (await chain.provider.request({
    method: 'eth_call',
    params: [{ to: chain.factory, data: encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [token, chain.weth] }) }, 'latest'],
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
  const running = await runSimulation({ ...options, provider: chain.provider, details, chainId: 31337, token, mode: 'local', pool, evidence });
  return { ...running.result, durationMs: Math.round(performance.now() - started), compiler, token };
}

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);

async function deployToken(chain: DexChain, contract: CompiledContract, given: readonly unknown[] | undefined, evidence: SimulationStep[]): Promise<Address> {
  let attempts: unknown[][];
  try {
    attempts = given ? [[...given]] : constructorArgumentAttempts(contract.abi, { deployer: chain.deployer, router: chain.router, factory: chain.factory, weth: chain.weth });
  } catch (error) {
    if (error instanceof UnguessableConstructorError) throw new SimulationError('UNCAUGHT_ERROR', `cannot deploy ${contract.name}: ${error.message}`);
    throw error;
  }
  let lastReason = '';
  for (const args of attempts) {
    let data: Hex;
    try {
      data = encodeDeployData({ abi: contract.abi, bytecode: contract.bytecode, args });
    } catch (error) {
      throw new SimulationError('UNCAUGHT_ERROR', `cannot encode constructor arguments for ${contract.name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
    const out = await deployContract(chain.provider, chain.deployer, data);
    const description = `deploy ${contract.name} with arguments ${JSON.stringify(args, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;
    if (out.address) {
      evidence.push({ step: 'deploy', ok: true, description, from: chain.deployer, txHash: out.hash, gasUsed: out.gasUsed, to: out.address });
      return out.address;
    }
    lastReason = out.gasUsed >= Number(DEPLOY_GAS) ? `out of gas (used the deployment cap of ${DEPLOY_GAS} gas)` : await deployReason(chain, data);
    evidence.push({ step: 'deploy', ok: false, description, from: chain.deployer, txHash: out.hash, gasUsed: out.gasUsed, reason: lastReason });
  }
  const needsArgs = attempts[0] && attempts[0].length > 0 ? ` (constructor takes ${attempts[0].length} argument(s); guessed values were refused)` : '';
  throw new SimulationError('UNCAUGHT_ERROR', `the constructor of ${contract.name} reverted: ${lastReason}${needsArgs}`);
}

async function deployReason(chain: DexChain, data: Hex): Promise<string> {
  try {
    const out = (await chain.provider.request({ method: 'eth_call', params: [{ from: chain.deployer, data, gas: numberToHex(DEPLOY_GAS) }, 'latest'] })) as Hex;
    return revertReason(out);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function send(chain: DexChain, to: Address, data: Hex, value = 0n): Promise<{ ok: boolean; reason: string }> {
  const tx = { from: chain.deployer, to, data, value: numberToHex(value), gas: numberToHex(DEPLOY_GAS) };
  const hash = (await chain.provider.request({ method: 'eth_sendTransaction', params: [tx] })) as Hex;
  const receipt = (await chain.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as { status: Hex; blockNumber: Hex } | null;
  if (receipt?.status === '0x1') return { ok: true, reason: '' };
  const replay = (await chain.provider.request({ method: 'eth_call', params: [tx, numberToHex(BigInt(receipt?.blockNumber ?? '0x1') - 1n)] })) as Hex;
  return { ok: false, reason: revertReason(replay) };
}

async function addLiquidity(chain: DexChain, token: Address, abi: Abi, native: bigint, evidence: SimulationStep[]): Promise<void> {
  const balanceWord = (await chain.provider.request({ method: 'eth_call', params: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [chain.deployer] }) }, 'latest'] })) as Hex;
  const balance = balanceWord.length === 66 ? BigInt(balanceWord) : 0n;
  if (balance === 0n) throw new SimulationError('INSUFFICIENT_LIQUIDITY', 'the constructor gave the deployer no tokens to provide liquidity with');
  const approve = await send(chain, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [chain.router, MAX_UINT] }));
  if (!approve.ok) throw new SimulationError('UNCAUGHT_ERROR', `approving the router as the deployer reverted: ${approve.reason}`);
  const addData = encodeFunctionData({ abi: routerAbi, functionName: 'addLiquidityETH', args: [token, balance / 2n, 0n, 0n, chain.deployer, NO_DEADLINE] });
  let added = await send(chain, chain.router, addData, native);
  if (!added.ok) {
    // Tokens that refuse transfers until trading opens: open it, then try once more.
    await openTrading(chain, token, abi, evidence);
    added = await send(chain, chain.router, addData, native);
  }
  evidence.push({ step: 'add-liquidity', ok: added.ok, description: `add ${balance / 2n} raw token units and ${native} wei as liquidity`, from: chain.deployer, to: chain.router, ...(added.ok ? {} : { reason: added.reason }) });
  if (!added.ok) throw new SimulationError('UNCAUGHT_ERROR', `adding liquidity reverted: ${added.reason}`);
  await openTrading(chain, token, abi, evidence);
}

async function openTrading(chain: DexChain, token: Address, abi: Abi, evidence: SimulationStep[]): Promise<void> {
  const names = new Set(abi.flatMap((item) => (item.type === 'function' ? [`${item.name}(${item.inputs.map((i) => i.type).join(',')})`] : [])));
  for (const signature of TRADING_SWITCHES) {
    if (!names.has(signature)) continue;
    const fnAbi = parseAbi([`function ${signature}`] as readonly string[]);
    const name = signature.slice(0, signature.indexOf('('));
    const data = encodeFunctionData({ abi: fnAbi, functionName: name, args: signature.endsWith('(bool)') ? [true] : [] });
    const out = await send(chain, token, data);
    evidence.push({ step: 'owner-action', ok: out.ok, description: `open trading: the deployer calls ${signature}`, from: chain.deployer, to: token, data, ...(out.ok ? {} : { reason: out.reason }) });
    if (out.ok) return;
  }
}
