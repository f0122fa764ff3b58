/**
 * A fresh in-process chain with what a token needs to trade: WETH9, the Uniswap V2
 * factory and Router02 (from the npm packages' builds, whose pair bytecode matches the
 * router's init-code hash) and a funded deployer.
 */
import { createRequire } from 'node:module';
import { encodeDeployData, getAddress, keccak256, numberToHex, stringToHex, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { createEdrProvider, type Eip1193Provider } from '../devnet/edr-provider.ts';
import { SimulationError } from './simulation-error.ts';

const require = createRequire(import.meta.url);

export interface DexChain {
  readonly provider: Eip1193Provider;
  readonly deployer: Address;
  readonly weth: Address;
  readonly factory: Address;
  readonly router: Address;
  /** The genesis block's time (s): the DEX is deployed in blocks of that same second, so a replay rebuilds the same clock. */
  readonly genesisTimestamp: number;
}

const DEPLOYER_KEY = keccak256(stringToHex('scopeward simulate deployer'));
/** Deployments may be large; the per-transaction cap of simulated trades does not apply here. */
export const DEPLOY_GAS = 30_000_000n;

function build(pkg: 'v2-core' | 'v2-periphery', name: string): { abi: Abi; bytecode: Hex } {
  const b = require(`@uniswap/${pkg}/build/${name}.json`) as { abi: Abi; bytecode: string };
  return { abi: b.abi, bytecode: (b.bytecode.startsWith('0x') ? b.bytecode : `0x${b.bytecode}`) as Hex };
}

/** Sends a contract creation; returns the address or the revert reason. */
export async function deployContract(
  provider: Eip1193Provider,
  from: Address,
  data: Hex,
  value = 0n,
): Promise<{ address: Address | null; gasUsed: number; hash: Hex }> {
  const hash = (await provider.request({
    method: 'eth_sendTransaction',
    params: [{ from, data, gas: numberToHex(DEPLOY_GAS), value: numberToHex(value) }],
  })) as Hex;
  const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status: Hex;
    contractAddress: Address | null;
    gasUsed: Hex;
  } | null;
  const ok = receipt?.status === '0x1' && receipt.contractAddress;
  return {
    address: ok && receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
    gasUsed: receipt ? Number(BigInt(receipt.gasUsed)) : 0,
    hash,
  };
}

/** A fresh chain with the DEX; `genesisTimestamp` rebuilds the chain of a receipt (issue 33), default now. */
export async function deployDexChain(options: { genesisTimestamp?: number } = {}): Promise<DexChain> {
  const genesisTimestamp = options.genesisTimestamp ?? Math.floor(Date.now() / 1000);
  const provider = await createEdrProvider({
    chainId: 31337,
    accounts: [DEPLOYER_KEY],
    accountBalance: 10n ** 26n,
    allowUnlimitedContractSize: true,
    genesisTime: genesisTimestamp,
  });
  const deployer = privateKeyToAddress(DEPLOYER_KEY);
  const deploy = async (pkg: 'v2-core' | 'v2-periphery', name: string, args: readonly unknown[]) => {
    const b = build(pkg, name);
    await provider.request({ method: 'evm_setNextBlockTimestamp', params: [numberToHex(genesisTimestamp)] });
    const { address } = await deployContract(provider, deployer, encodeDeployData({ abi: b.abi, bytecode: b.bytecode, args }));
    if (!address) throw new SimulationError('UNCAUGHT_ERROR', `deploying ${name} on the simulation chain failed`);
    return address;
  };
  const weth = await deploy('v2-periphery', 'WETH9', []);
  const factory = await deploy('v2-core', 'UniswapV2Factory', [deployer]);
  const router = await deploy('v2-periphery', 'UniswapV2Router02', [factory, weth]);
  return { provider, deployer, weth, factory, router, genesisTimestamp };
}
