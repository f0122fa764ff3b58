/**
 * Builds the devnet's state: WETH, a Uniswap V2 factory and router, Multicall3, three
 * lockers, a reference stablecoin and the sample tokens, each with liquidity, holders,
 * transfers, a buy, a sell and locks. Every transaction comes from fixed keys at fixed
 * timestamps, so a rebuild is identical (same addresses, same block hashes).
 */
import { createRequire } from 'node:module';
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { DEAD_ADDRESS, DEVNET_ACCOUNTS, DEVNET_GENESIS_TIME, type AccountLabel } from './accounts.ts';
import type { CompiledContracts } from './compile-contracts.ts';
import type { Eip1193Provider } from './edr-provider.ts';
import { runTradingHistory } from './trading-history.ts';
import { SAMPLE_TOKEN_SPECS, type SampleToken, type SampleTokenSpec } from './sample-tokens.ts';

export interface DevnetContracts {
  readonly weth: Address;
  readonly factory: Address;
  readonly router: Address;
  readonly multicall: Address;
  /** The lock contract (PinkLock-v2-style interface). */
  readonly locker: Address;
  /** LP locker (UNCX-v2-style interface). */
  readonly lpLocker: Address;
  /** Token vault (Team-Finance-style interface). */
  readonly vaultLocker: Address;
  /** Reference stablecoin (6 decimals) paired with WETH, for USD prices. */
  readonly stablecoin: Address;
  /** A mixer-shaped deposit pool that alice deposited into and dave withdrew from (Safescan). */
  readonly mixer: Address;
}

/** Contracts deployed for readers' edge cases (not sample tokens). */
export interface DevnetFixtures {
  readonly bytes32Token: Address;
  readonly beacon: Address;
  readonly beaconProxy: Address;
  readonly uupsProxy: Address;
  readonly minimalProxy: Address;
  readonly selfDestructed: Address;
  /** The implementation behind the proxy sample token (and the UUPS fixture). */
  readonly proxyImplementation: Address;
  /** The implementation behind the beacon and the minimal proxy. */
  readonly plainImplementation: Address;
}

/** What a deployed contract is, for the devnet's verified-source provider. */
export interface DeployedContract {
  readonly address: Address;
  readonly contractName: string;
  /** `own` = compiled from src/devnet/contracts; the others come from npm packages. */
  readonly origin: 'own' | 'uniswap-v2-core' | 'uniswap-v2-periphery';
  readonly unverified: boolean;
}

export interface DevnetState {
  readonly contracts: DevnetContracts;
  readonly fixtures: DevnetFixtures;
  readonly tokens: readonly SampleToken[];
  readonly deployed: readonly DeployedContract[];
  /** Block number after setup. */
  readonly blockNumber: bigint;
}

const require = createRequire(import.meta.url);
interface UniswapBuild {
  abi: Abi;
  bytecode: string;
}
function uniswapBuild(pkg: 'v2-core' | 'v2-periphery', name: string): UniswapBuild {
  const build = require(`@uniswap/${pkg}/build/${name}.json`) as UniswapBuild;
  return { abi: build.abi, bytecode: build.bytecode.startsWith('0x') ? build.bytecode : `0x${build.bytecode}` };
}

/** Seconds between the devnet's setup blocks. */
const BLOCK_INTERVAL = 12;
const LOCK_DURATION = 3 * 365 * 86_400;
const deadline = BigInt(DEVNET_GENESIS_TIME + 10 * 365 * 86_400);

export class DevnetSetupError extends Error {
  override readonly name = 'DevnetSetupError';
  readonly details: Record<string, unknown>;
  constructor(message: string, details: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.details = details;
  }
}

/** A small transaction sender over the provider: fixed timestamps, checked receipts. */
class Sender {
  private time = DEVNET_GENESIS_TIME;
  private readonly nonces = new Map<Address, number>();
  constructor(private readonly provider: Eip1193Provider) {}

  /** Moves the next block's timestamp forward (the trading history's simulated days). */
  advance(seconds: number): void {
    this.time += seconds;
  }

  nextAddress(label: AccountLabel): Address {
    const from = DEVNET_ACCOUNTS[label].address;
    return getContractAddress({ from, nonce: BigInt(this.nonces.get(from) ?? 0) });
  }

  async send(
    label: AccountLabel,
    tx: { to?: Address; data: Hex; value?: bigint },
    what: string,
  ): Promise<{ contractAddress: Address | null }> {
    const from = DEVNET_ACCOUNTS[label].address;
    this.time += BLOCK_INTERVAL;
    await this.provider.request({ method: 'evm_setNextBlockTimestamp', params: [`0x${this.time.toString(16)}`] });
    const hash = (await this.provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.data,
          value: `0x${(tx.value ?? 0n).toString(16)}`,
          gas: '0x1c9c380',
        },
      ],
    })) as Hex;
    this.nonces.set(from, (this.nonces.get(from) ?? 0) + 1);
    const receipt = (await this.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
      status: Hex;
      contractAddress: Address | null;
    } | null;
    if (!receipt || receipt.status !== '0x1') throw new DevnetSetupError(`devnet setup transaction failed: ${what}`, { hash, from });
    return { contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : null };
  }

  async deploy(label: AccountLabel, abi: Abi, bytecode: Hex, args: readonly unknown[], what: string): Promise<Address> {
    const data = encodeDeployData({ abi, bytecode, args });
    const { contractAddress } = await this.send(label, { data }, `deploy ${what}`);
    if (!contractAddress) throw new DevnetSetupError(`devnet deploy returned no address: ${what}`, {});
    return contractAddress;
  }

  async call(label: AccountLabel, to: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint): Promise<void> {
    const data = encodeFunctionData({ abi, functionName, args });
    await this.send(label, { to, data, ...(value !== undefined ? { value } : {}) }, functionName);
  }

  async read(to: Address, data: Hex): Promise<Hex> {
    return (await this.provider.request({ method: 'eth_call', params: [{ to, data }, 'latest'] })) as Hex;
  }
}

/** The EIP-1167 creation code of a minimal proxy to `implementation`. */
export function minimalProxyCreationCode(implementation: Address): Hex {
  return `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
}

/** Deploys everything onto a fresh chain. */
export async function deployDevnet(provider: Eip1193Provider, compiled: CompiledContracts): Promise<DevnetState> {
  const s = new Sender(provider);
  const own = (name: string) => {
    const artifact = compiled.artifacts[name];
    if (!artifact) throw new DevnetSetupError(`devnet contract missing from artifacts: ${name}`, { name });
    return artifact;
  };
  const deployed: DeployedContract[] = [];
  const deployOwn = async (label: AccountLabel, name: string, args: readonly unknown[], unverified = false): Promise<Address> => {
    const artifact = own(name);
    const address = await s.deploy(label, artifact.abi, artifact.bytecode, args, name);
    deployed.push({ address, contractName: name, origin: 'own', unverified });
    return address;
  };

  const weth9 = uniswapBuild('v2-periphery', 'WETH9');
  const factoryBuild = uniswapBuild('v2-core', 'UniswapV2Factory');
  const routerBuild = uniswapBuild('v2-periphery', 'UniswapV2Router02');
  const deployer = DEVNET_ACCOUNTS.deployer.address;

  const weth = await s.deploy('deployer', weth9.abi, weth9.bytecode as Hex, [], 'WETH9');
  deployed.push({ address: weth, contractName: 'WETH9', origin: 'uniswap-v2-periphery', unverified: false });
  const factory = await s.deploy('deployer', factoryBuild.abi, factoryBuild.bytecode as Hex, [deployer], 'UniswapV2Factory');
  deployed.push({ address: factory, contractName: 'UniswapV2Factory', origin: 'uniswap-v2-core', unverified: false });
  const router = await s.deploy('deployer', routerBuild.abi, routerBuild.bytecode as Hex, [factory, weth], 'UniswapV2Router02');
  deployed.push({ address: router, contractName: 'UniswapV2Router02', origin: 'uniswap-v2-periphery', unverified: false });
  const multicall = await deployOwn('deployer', 'Multicall3', []);
  const locker = await deployOwn('deployer', 'TokenLocker', []);
  const lpLocker = await deployOwn('deployer', 'LpLocker', []);
  const vaultLocker = await deployOwn('deployer', 'VaultLocker', []);
  const stablecoin = await deployOwn('deployer', 'StableToken', ['USD Coin (devnet)', 'USDC', parseUnits('100000000', 6)]);
  const base = { weth, factory, router, multicall, locker, lpLocker, vaultLocker, stablecoin };

  // WETH/USDC at 2,000 USDC per ETH gives every WETH pool a USD worth.
  const stable = own('StableToken');
  await s.call('deployer', stablecoin, stable.abi, 'approve', [router, 2n ** 256n - 1n]);
  await s.call(
    'deployer',
    router,
    routerBuild.abi,
    'addLiquidityETH',
    [stablecoin, parseUnits('2000000', 6), 0n, 0n, deployer, deadline],
    parseEther('1000'),
  );

  const tokens: SampleToken[] = [];
  let proxyImplementation: Address | undefined;
  for (const spec of SAMPLE_TOKEN_SPECS) {
    const result = await deploySampleToken(s, spec, {
      contracts: base,
      routerAbi: routerBuild.abi,
      factoryAbi: factoryBuild.abi,
      own,
      deployed,
    });
    tokens.push({ name: spec.name, symbol: spec.symbol, address: result.address, behaviour: spec.behaviour });
    if (result.implementation) proxyImplementation = result.implementation;
  }
  if (!proxyImplementation) throw new DevnetSetupError('proxy sample token has no implementation', {});

  const fixtures = await deployFixtures(s, deployOwn, proxyImplementation, deployed);
  // Deployed last, so every address above stays where it was before the mixer existed.
  const mixer = await deployMixerHistory(s, deployOwn, own('MixerPool').abi);
  // Last, so no address above moves: ~90 simulated days of swaps (src/devnet/trading-history.ts).
  await runTradingHistory(s, tokens, { weth, router }, routerBuild.abi);
  const contracts: DevnetContracts = { ...base, mixer };
  const blockNumber = BigInt((await provider.request({ method: 'eth_blockNumber' })) as string);
  return { contracts, fixtures: { ...fixtures, proxyImplementation }, tokens, deployed, blockNumber };
}

/**
 * The mixer and its history: alice deposits one note and dave withdraws it to himself,
 * so both dealt directly with a mixer; bob and carol never touch it.
 */
async function deployMixerHistory(
  s: Sender,
  deployOwn: (label: AccountLabel, name: string, args: readonly unknown[]) => Promise<Address>,
  abi: Abi,
): Promise<Address> {
  const mixer = await deployOwn('deployer', 'MixerPool', [parseEther('1')]);
  const secret = keccak256(stringToHex('scopeward devnet mixer note 1'));
  await s.call('alice', mixer, abi, 'deposit', [keccak256(secret)], parseEther('1'));
  await s.call('dave', mixer, abi, 'withdraw', [secret, DEVNET_ACCOUNTS.dave.address]);
  return mixer;
}

interface TokenContext {
  readonly contracts: Omit<DevnetContracts, 'mixer'>;
  readonly routerAbi: Abi;
  readonly factoryAbi: Abi;
  readonly own: (name: string) => { abi: Abi; bytecode: Hex };
  readonly deployed: DeployedContract[];
}

async function deploySampleToken(
  s: Sender,
  spec: SampleTokenSpec,
  ctx: TokenContext,
): Promise<{ address: Address; implementation?: Address }> {
  const { contracts, routerAbi, factoryAbi, own, deployed } = ctx;
  const { alice, bob, carol, dave, deployer } = DEVNET_ACCOUNTS;
  const unit = 10n ** BigInt(spec.decimals);
  const supply = spec.supply * unit;
  let address: Address;
  let implementation: Address | undefined;
  let abi: Abi;

  if (spec.behaviour === 'proxy') {
    const impl = own('ProxyTokenImplementation');
    implementation = await s.deploy('deployer', impl.abi, impl.bytecode, [], 'ProxyTokenImplementation');
    deployed.push({ address: implementation, contractName: 'ProxyTokenImplementation', origin: 'own', unverified: false });
    const init = encodeFunctionData({
      abi: impl.abi,
      functionName: 'initialize',
      args: [spec.name, spec.symbol, supply, deployer.address],
    });
    const proxy = own('ProxyToken');
    address = await s.deploy('deployer', proxy.abi, proxy.bytecode, [implementation, init], 'ProxyToken');
    deployed.push({ address, contractName: 'ProxyToken', origin: 'own', unverified: false });
    abi = impl.abi;
  } else {
    const artifact = own(spec.contract);
    address = await s.deploy('deployer', artifact.abi, artifact.bytecode, [spec.name, spec.symbol, supply], spec.contract);
    deployed.push({ address, contractName: spec.contract, origin: 'own', unverified: spec.behaviour === 'unverified' });
    abi = artifact.abi;
  }
  const call = (label: AccountLabel, functionName: string, args: readonly unknown[]) => s.call(label, address, abi, functionName, args);
  const erc20Abi = own('PlainToken').abi;
  const max = 2n ** 256n - 1n;

  // The pair exists before liquidity so the honeypot can learn its address.
  await s.call('deployer', contracts.factory, factoryAbi, 'createPair', [address, contracts.weth]);
  const pairData = await s.read(
    contracts.factory,
    encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [address, contracts.weth] }),
  );
  const pair = `0x${pairData.slice(-40)}` as Address;
  if (spec.behaviour === 'honeypot') await call('deployer', 'setPair', [pair]);

  await call('deployer', 'approve', [contracts.router, max]);
  await s.call(
    'deployer',
    contracts.router,
    routerAbi,
    'addLiquidityETH',
    [address, supply / 2n, 0n, 0n, deployer.address, deadline],
    parseEther('10'),
  );

  // Holders: transfers from the deployer, a burn to the dead address, a buy and a sell.
  await call('deployer', 'transfer', [DEAD_ADDRESS, supply / 100n]);
  await call('deployer', 'transfer', [alice.address, 50_000n * unit]);
  await call('deployer', 'transfer', [bob.address, 20_000n * unit]);
  await call('alice', 'transfer', [carol.address, 5_000n * unit]);
  await s.call(
    'dave',
    contracts.router,
    routerAbi,
    'swapExactETHForTokensSupportingFeeOnTransferTokens',
    [0n, [contracts.weth, address], dave.address, deadline],
    parseEther('1'),
  );
  if (spec.behaviour !== 'honeypot') {
    await s.call('bob', address, erc20Abi, 'approve', [contracts.router, max]);
    await s.call('bob', contracts.router, routerAbi, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
      1_000n * unit,
      0n,
      [address, contracts.weth],
      bob.address,
      deadline,
    ]);
  }

  // Locks: half the LP tokens in the lock contract, a token vesting lock, and (plain
  // token) one lock in each of the other two lockers.
  const lock = own('TokenLocker');
  const lpBalance = BigInt(await s.read(pair, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [deployer.address] })));
  await s.call('deployer', pair, erc20Abi, 'approve', [contracts.locker, max]);
  const lockTime = BigInt(DEVNET_GENESIS_TIME + LOCK_DURATION);
  await s.call('deployer', contracts.locker, lock.abi, 'lock', [
    deployer.address,
    pair,
    true,
    lpBalance / 2n,
    lockTime,
    `${spec.symbol} liquidity`,
  ]);
  await call('deployer', 'approve', [contracts.locker, max]);
  await s.call('deployer', contracts.locker, lock.abi, 'vestingLock', [
    deployer.address,
    address,
    false,
    10_000n * unit,
    lockTime,
    1_000n,
    30n * 86_400n,
    1_000n,
    `${spec.symbol} team vesting`,
  ]);
  if (spec.behaviour === 'plain') {
    await s.call('deployer', pair, erc20Abi, 'approve', [contracts.lpLocker, max]);
    await s.call('deployer', contracts.lpLocker, own('LpLocker').abi, 'lockLPToken', [pair, lpBalance / 4n, lockTime, deployer.address]);
    await call('deployer', 'approve', [contracts.vaultLocker, max]);
    await s.call('deployer', contracts.vaultLocker, own('VaultLocker').abi, 'lockToken', [
      address,
      deployer.address,
      5_000n * unit,
      lockTime,
    ]);
  }

  // Each behaviour's own history.
  if (spec.behaviour === 'blacklist') await call('deployer', 'blacklist', [carol.address, true]);
  if (spec.behaviour === 'mint') await call('deployer', 'mint', [dave.address, 100_000n * unit]);
  if (spec.behaviour === 'unverified') {
    await call('deployer', 'mint', [deployer.address, 1_000n * unit]);
    await call('deployer', 'setBots', [[carol.address], true]);
  }
  if (spec.behaviour === 'renounced') await call('deployer', 'renounceOwnership', []);
  return implementation ? { address, implementation } : { address };
}

async function deployFixtures(
  s: Sender,
  deployOwn: (label: AccountLabel, name: string, args: readonly unknown[]) => Promise<Address>,
  proxyImplementation: Address,
  deployed: DeployedContract[],
): Promise<Omit<DevnetFixtures, 'proxyImplementation'>> {
  const bytes32Token = await deployOwn('deployer', 'Bytes32Token', [
    stringToHex('Bytes32 Token', { size: 32 }),
    stringToHex('B32', { size: 32 }),
    1_000_000n * 10n ** 18n,
  ]);
  const plainImplementation = await deployOwn('deployer', 'PlainToken', ['Plain Implementation', 'PIMPL', 0n]);
  const beacon = await deployOwn('deployer', 'UpgradeableBeacon', [plainImplementation]);
  const beaconProxy = await deployOwn('deployer', 'BeaconProxy', [beacon]);
  const uupsProxy = await deployOwn('deployer', 'UupsProxy', [proxyImplementation]);
  const minimal = await s.send('deployer', { data: minimalProxyCreationCode(plainImplementation) }, 'deploy EIP-1167 clone');
  if (!minimal.contractAddress) throw new DevnetSetupError('minimal proxy deploy returned no address', {});
  deployed.push({ address: minimal.contractAddress, contractName: 'EIP1167Clone', origin: 'own', unverified: true });
  const selfDestructed = await deployOwn('deployer', 'SelfDestructing', []);
  return { bytes32Token, beacon, beaconProxy, uupsProxy, minimalProxy: minimal.contractAddress, selfDestructed, plainImplementation };
}
