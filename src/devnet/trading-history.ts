/**
 * The sample tokens' trading history: about 90 simulated days of swaps by three traders
 * (erin, frank, grace) through the devnet's Uniswap V2 router, so price change, 24-hour
 * volume and price history have something real to measure.
 *
 * Every trader closes exactly the position they opened (the tokens a buy delivered are
 * what the last sells spend) and ends holding nothing, so holder sets and balances stay
 * what the setup made them: the readers' and scans' known truths do not move, and the
 * simulator's replay of recent recipients (which skips empty balances) still meets the
 * setup's holders. The honeypot is the exception by design: alice and dave buy and
 * cannot sell, and its whitelisted owner sells into their buys.
 *
 * The price path (days after setup): buys push the price up until day 39, partial sells
 * bring it down from day 42, the last positions close on the final day. So a scan at the
 * chain's head sees the price 30 and 60 days ago above today's, and a day of volume.
 */
import { encodeFunctionData, parseAbi, parseEther, type Abi, type Address, type Hex } from 'viem';
import { DEVNET_ACCOUNTS, type AccountLabel } from './accounts.ts';
import type { SampleToken } from './sample-tokens.ts';

/** What the history needs from the setup's transaction sender. */
export interface HistorySender {
  /** Moves the clock of the next block forward (seconds). */
  advance(seconds: number): void;
  call(label: AccountLabel, to: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint): Promise<void>;
  read(to: Address, data: Hex): Promise<Hex>;
}

export interface HistoryContracts {
  readonly weth: Address;
  readonly router: Address;
}

const DAY = 86_400;
const TRADERS: readonly AccountLabel[] = ['erin', 'frank', 'grace'];
/** Honeypot buyers: holders already, so its holder count stays; bob stays out (his 20,000 show the failed sell). */
const HONEYPOT_BUYERS: readonly AccountLabel[] = ['alice', 'dave'];
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)']);
const MAX = 2n ** 256n - 1n;

/** One day's trading: every token trades in turn, 12 s apart (the sender's block interval). */
interface DayPlan {
  readonly day: number;
  /** `buy`: the trader spends `eth`; `sell`: the trader sells `fraction` of their open position. */
  readonly action: 'buy' | 'sell';
  readonly eth?: bigint;
  readonly fraction?: number;
  readonly trader: AccountLabel;
}

/** The schedule: 14 buys, 16 partial sells, then the final day's buy and closing sells. */
export function historyPlan(): readonly DayPlan[] {
  const plan: DayPlan[] = [];
  for (let i = 0; i < 14; i++) plan.push({ day: i * 3, action: 'buy', eth: parseEther('0.15'), trader: TRADERS[i % 3]! });
  for (let i = 0; i < 16; i++) plan.push({ day: 42 + i * 3, action: 'sell', fraction: 0.2, trader: TRADERS[i % 3]! });
  return plan;
}

/** The final trading day, counted from the first (day 0). */
export const HISTORY_DAYS = 89;

/**
 * Runs the plan for every sample token, day by day, then the final day (day 89): one
 * more buy and every position closed, which is the chain's last 24 hours of volume.
 */
export async function runTradingHistory(
  s: HistorySender,
  tokens: readonly SampleToken[],
  contracts: HistoryContracts,
  routerAbi: Abi,
): Promise<void> {
  const open = new Map<string, bigint>();
  const key = (token: Address, trader: AccountLabel) => `${token}:${trader}`;
  const balanceOf = async (token: Address, who: Address) =>
    BigInt(await s.read(token, encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [who] })));
  const deadline = 2n ** 40n;

  const buy = async (token: SampleToken, trader: AccountLabel, eth: bigint) => {
    const who = DEVNET_ACCOUNTS[trader].address;
    const before = await balanceOf(token.address, who);
    await s.call(
      trader,
      contracts.router,
      routerAbi,
      'swapExactETHForTokensSupportingFeeOnTransferTokens',
      [0n, [contracts.weth, token.address], who, deadline],
      eth,
    );
    const received = (await balanceOf(token.address, who)) - before;
    open.set(key(token.address, trader), (open.get(key(token.address, trader)) ?? 0n) + received);
  };
  const sell = async (token: SampleToken, trader: AccountLabel, amount: bigint) => {
    if (amount <= 0n) return;
    const who = DEVNET_ACCOUNTS[trader].address;
    await s.call(trader, contracts.router, routerAbi, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
      amount,
      0n,
      [token.address, contracts.weth],
      who,
      deadline,
    ]);
    open.set(key(token.address, trader), (open.get(key(token.address, trader)) ?? 0n) - amount);
  };

  // Approvals for the sells.
  for (const token of tokens)
    if (token.behaviour === 'honeypot') await s.call('deployer', token.address, erc20, 'approve', [contracts.router, MAX]);
    else for (const trader of TRADERS) await s.call(trader, token.address, erc20, 'approve', [contracts.router, MAX]);

  let today = 0;
  for (const step of historyPlan()) {
    if (step.day > today) {
      s.advance((step.day - today) * DAY);
      today = step.day;
    }
    for (const token of tokens) {
      if (token.behaviour === 'honeypot') {
        // Buyers cannot sell a honeypot: they keep buying, its owner sells into them.
        if (step.action === 'buy') await buy(token, HONEYPOT_BUYERS[TRADERS.indexOf(step.trader) % 2]!, step.eth! / 2n);
        else await sellOwner(s, token, contracts, routerAbi, balanceOf, 2_000n);
        continue;
      }
      if (step.action === 'buy') await buy(token, step.trader, step.eth!);
      else {
        const position = open.get(key(token.address, step.trader)) ?? 0n;
        await sell(token, step.trader, (position * BigInt(Math.round(step.fraction! * 1000))) / 1000n);
      }
    }
  }
  s.advance((HISTORY_DAYS - today) * DAY);
  for (const token of tokens) {
    if (token.behaviour === 'honeypot') {
      await buy(token, HONEYPOT_BUYERS[0]!, parseEther('0.05'));
      await sellOwner(s, token, contracts, routerAbi, balanceOf, 2_000n);
      continue;
    }
    await buy(token, TRADERS[0]!, parseEther('0.1'));
    for (const trader of TRADERS) await sell(token, trader, open.get(key(token.address, trader)) ?? 0n);
  }
}

/** The honeypot's owner (whitelisted) sells `whole` tokens. */
async function sellOwner(
  s: HistorySender,
  token: SampleToken,
  contracts: HistoryContracts,
  routerAbi: Abi,
  balanceOf: (token: Address, who: Address) => Promise<bigint>,
  whole: bigint,
): Promise<void> {
  const owner = DEVNET_ACCOUNTS.deployer.address;
  const amount = whole * 10n ** 18n;
  if ((await balanceOf(token.address, owner)) < amount) return;
  await s.call('deployer', contracts.router, routerAbi, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
    amount,
    0n,
    [token.address, contracts.weth],
    owner,
    2n ** 40n,
  ]);
}
