/**
 * Tokens for the pool when the constructor left the deployer none (zero initial supply,
 * minted later, or sent to a hard-coded wallet). In order: take them back from the wallet
 * the deployment's Transfer events paid, call the owner mint the analysis found, or write
 * the deployer's balance into the ledger mapping's slot (from the compiler's storage
 * layout, else found by probing the first slots). Each way is checked by reading
 * `balanceOf` again.
 */
import { encodeAbiParameters, encodeFunctionData, keccak256, numberToHex, parseAbi, type Address, type Hex } from 'viem';
import type { TokenPower, TokenPowersOfContract } from '../analysis/token-powers.ts';
import type { StorageEntry } from '../compile/compile-solidity.ts';
import type { DexChain } from './deploy-dex.ts';
import { erc20Abi } from './simulation-abis.ts';

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Enough for a pool without overflowing a V2 reserve (uint112) whatever the decimals. */
export const SEED_AMOUNT = 10n ** 27n;
const PROBED_SLOTS = 64;

export interface SeedOutcome {
  readonly balance: bigint;
  /** How the deployer got its tokens, in words; '' when the constructor gave them. */
  readonly how: string;
  readonly tried: readonly string[];
}

export async function seedDeployerBalance(
  chain: DexChain,
  token: Address,
  deployHash: Hex,
  storage: readonly StorageEntry[],
  powers: TokenPowersOfContract | undefined,
): Promise<SeedOutcome> {
  const request = (method: string, params: unknown[]) => chain.provider.request({ method, params });
  const balanceOf = async (holder: Address): Promise<bigint> => {
    const word = (await request('eth_call', [
      { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) },
      'latest',
    ])) as Hex;
    return word.length === 66 ? BigInt(word) : 0n;
  };
  const send = async (from: Address, data: Hex): Promise<boolean> => {
    const hash = (await request('eth_sendTransaction', [{ from, to: token, data, gas: numberToHex(10_000_000n) }])) as Hex;
    const receipt = (await request('eth_getTransactionReceipt', [hash])) as { status: Hex } | null;
    return receipt?.status === '0x1';
  };
  const tried: string[] = [];
  const initial = await balanceOf(chain.deployer);
  if (initial > 0n) return { balance: initial, how: '', tried };

  // 1. The supply went to another wallet at deployment: that wallet sends it over.
  const receipt = (await request('eth_getTransactionReceipt', [deployHash])) as {
    logs?: { address: string; topics: Hex[]; data: Hex }[];
  } | null;
  const paid = (receipt?.logs ?? [])
    .filter(
      (l) =>
        l.address.toLowerCase() === token.toLowerCase() && l.topics[0] === TRANSFER_TOPIC && l.topics.length === 3 && l.data.length >= 66,
    )
    .map((l) => ({ to: `0x${l.topics[2]!.slice(26)}` as Address, amount: BigInt(l.data.slice(0, 66)) }))
    .filter((p) => p.amount > 0n && !/^0x0{40}$/.test(p.to))
    .sort((a, b) => (b.amount > a.amount ? 1 : -1));
  for (const { to } of paid.slice(0, 2)) {
    const held = await balanceOf(to);
    if (held === 0n) continue;
    await request('hardhat_impersonateAccount', [to]);
    await request('hardhat_setBalance', [to, numberToHex(10n ** 20n)]);
    const moved = await send(to, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [chain.deployer, held] }));
    const balance = await balanceOf(chain.deployer);
    tried.push(`transfer from ${to}: ${moved ? 'sent' : 'reverted'}`);
    if (balance > 0n) return { balance, how: `the constructor paid the supply to ${to}; it was transferred to the deployer`, tried };
  }

  // 2. The owner mint the analysis found.
  for (const power of (powers?.powers ?? []).filter(isMint)) {
    const args = power.params.map((p) => (p.type === 'address' ? chain.deployer : p.type === 'bool' ? true : SEED_AMOUNT));
    try {
      const ok = await send(
        chain.deployer,
        encodeFunctionData({ abi: parseAbi([`function ${power.signature}`] as readonly string[]), functionName: power.function, args }),
      );
      const balance = await balanceOf(chain.deployer);
      tried.push(`${power.signature}: ${ok ? 'succeeded' : 'reverted'}`);
      if (balance > 0n) return { balance, how: `the owner minted with ${power.signature} (line ${power.line})`, tried };
    } catch (error) {
      tried.push(`${power.signature}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }

  // 3. Write the balance into the ledger mapping: its slot from the layout, else probe.
  const ledger = powers?.ledger;
  const laid = ledger
    ? (storage.find((e) => e.label === ledger.name && e.contract === ledger.contract) ?? storage.find((e) => e.label === ledger.name))
    : undefined;
  const slots = laid ? [BigInt(laid.slot)] : Array.from({ length: PROBED_SLOTS }, (_, i) => BigInt(i));
  for (const slot of slots) {
    const key = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [chain.deployer, slot]));
    // A reflection ledger holds reflected units (balance × a large rate): try a large word too.
    for (const value of [SEED_AMOUNT, 2n ** 200n]) {
      await request('hardhat_setStorageAt', [token, key, numberToHex(value, { size: 32 })]);
      const balance = await balanceOf(chain.deployer);
      if (balance >= 10n ** 6n) {
        return {
          balance,
          how: `${numberToHex(value)} written to the deployer's entry of ${laid ? `${ledger!.name} (storage slot ${slot})` : `the mapping at storage slot ${slot}`}`,
          tried,
        };
      }
    }
    await request('hardhat_setStorageAt', [token, key, numberToHex(0n, { size: 32 })]);
  }
  tried.push(
    laid
      ? `writing ${ledger!.name} at slot ${laid.slot} did not show in balanceOf`
      : `no mapping among the first ${PROBED_SLOTS} slots moved balanceOf`,
  );
  return { balance: 0n, how: '', tried };
}

function isMint(p: TokenPower): boolean {
  return (
    (p.kind === 'mint' || p.kind === 'balance-change') &&
    p.fillable &&
    p.params.some((x) => /^uint/.test(x.type)) &&
    p.params.every((x) => ['address', 'bool'].includes(x.type) || /^uint\d*$/.test(x.type))
  );
}
