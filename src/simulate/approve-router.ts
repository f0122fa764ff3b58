/**
 * Approves the router to spend a holder's tokens. An unlimited approval first (what most
 * wallets send); some tokens silently refuse an amount above the holder's balance
 * (`approve` returns false without reverting), so when the allowance did not take, the
 * holder approves exactly what it holds, as a careful user would. Without this a sell
 * would fail on the simulator's own approval, not on the token's rules.
 */
import { parseAbi, type Address } from 'viem';
import type { EvmSession, TxOutcome } from './evm-session.ts';
import { erc20Abi, MAX_UINT } from './simulation-abis.ts';
import { SimulationError } from './simulation-error.ts';

const allowanceAbi = parseAbi(['function allowance(address, address) view returns (uint256)']);

export async function approveRouter(
  session: EvmSession,
  token: Address,
  holder: Address,
  router: Address,
  amount: bigint,
): Promise<TxOutcome & { data: `0x${string}` }> {
  const unlimited = await session.sendCall(holder, token, erc20Abi, 'approve', [router, MAX_UINT]);
  if (!unlimited.ok && amount > 0n) {
    // Some tokens refuse an unlimited approval (arithmetic on the allowance overflows): the exact amount.
    const exact = await session.sendCall(holder, token, erc20Abi, 'approve', [router, amount]);
    return exact.ok ? exact : unlimited;
  }
  if (!unlimited.ok || amount === 0n) return unlimited;
  let allowance: bigint;
  try {
    allowance = await session.read<bigint>(token, allowanceAbi, 'allowance', [holder, router], 'UNCAUGHT_ERROR');
  } catch (error) {
    // No readable allowance: the approval's own outcome is all there is.
    if (error instanceof SimulationError) return unlimited;
    throw error;
  }
  if (allowance >= amount) return unlimited;
  return session.sendCall(holder, token, erc20Abi, 'approve', [router, amount]);
}
