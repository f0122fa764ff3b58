/**
 * A fresh account that bought a little of the token with the native token and approved
 * the router: the holder whose sells the owner-action checks retry.
 */
import type { Address } from 'viem';
import type { EvmSession } from './evm-session.ts';
import type { FoundPool } from './find-pool.ts';
import { approveRouter } from './approve-router.ts';
import { erc20Abi, NO_DEADLINE, routerAbi } from './simulation-abis.ts';

export async function holderWithTokens(session: EvmSession, token: Address, pool: FoundPool): Promise<Address | null> {
  const holder = await session.freshAccount();
  const path = pool.quote === pool.wrapped ? [pool.wrapped, token] : [pool.wrapped, pool.quote, token];
  const buy = await session.sendCall(
    holder,
    pool.router,
    routerAbi,
    'swapExactETHForTokensSupportingFeeOnTransferTokens',
    [0n, path, holder, NO_DEADLINE],
    10n ** 15n,
  );
  if (!buy.ok) return null;
  const held = await session.read<bigint>(token, erc20Abi, 'balanceOf', [holder], 'UNCAUGHT_ERROR').catch(() => 0n);
  const approve = await approveRouter(session, token, holder, pool.router, held);
  return approve.ok ? holder : null;
}
