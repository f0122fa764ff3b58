/**
 * A launch gate proven by behaviour (issue 27): a token whose holders cannot move their
 * tokens until the owner opens trading. Source mode has to open trading before it can trade
 * (`unlock()`, `releaseTokenTransfer()`, `setParamsTransfer(true)`, found by name or by
 * behaviour); the simulation keeps a snapshot of the chain as it was before that call. Once
 * everything else is done, it goes back there: the owner sends a fresh holder some tokens,
 * and the holder tries to pass half of them on. A holder stuck there, while the same trades
 * passed after the opening, proves the owner decides when (and whether) holders can sell:
 * GoPlus's `transfer_pausable`. Going back is final, so this runs last.
 */
import { type Abi, type AbiFunction, type Address, type Hex } from 'viem';
import type { EvmSession } from './evm-session.ts';
import { locateFunction, signatureOf, type ExplorationEffect } from './explore-privileged.ts';
import { erc20Abi } from './simulation-abis.ts';

/** The chain before source mode opened trading, and the calls that opened it (`unlock()`, `setReleaseAgent(deployer)`). */
export interface BeforeOpening {
  readonly snapshot: Hex;
  readonly opened: readonly string[];
}

export interface ClosedUntilOpenedInput {
  readonly session: EvmSession;
  readonly token: Address;
  /** The deployer, who holds the supply before the opening. */
  readonly owner: Address;
  readonly before: BeforeOpening;
  readonly abi: Abi;
  readonly sources: Readonly<Record<string, string>>;
}

/** What a transfer did: moved tokens, or why not. */
interface Moved {
  readonly moved: boolean;
  readonly why: string;
}

async function balance(session: EvmSession, token: Address, who: Address): Promise<bigint> {
  return session.read<bigint>(token, erc20Abi, 'balanceOf', [who], 'UNCAUGHT_ERROR').catch(() => 0n);
}

async function transfer(session: EvmSession, token: Address, from: Address, to: Address, amount: bigint): Promise<Moved> {
  const before = await balance(session, token, to);
  const sent = await session.sendCall(from, token, erc20Abi, 'transfer', [to, amount]);
  if (!sent.ok) return { moved: false, why: `reverted (${JSON.stringify(sent.reason || 'no reason')})` };
  // Old tokens answer `false` instead of reverting: only a balance that rose counts.
  const after = await balance(session, token, to);
  return after > before ? { moved: true, why: '' } : { moved: false, why: 'returned without moving any tokens' };
}

/** The switch among the opening calls (the last one: agents are named first), as a function of the ABI. */
function openingFunction(abi: Abi, opened: readonly string[]): AbiFunction | null {
  const last = opened.at(-1);
  if (!last) return null;
  const name = last.slice(0, last.indexOf('('));
  const arity = last.slice(last.indexOf('(') + 1, -1).trim() === '' ? 0 : last.slice(last.indexOf('(') + 1, -1).split(',').length;
  const candidates = abi.filter((x): x is AbiFunction => x.type === 'function' && x.name === name);
  return candidates.find((f) => f.inputs.length === arity) ?? candidates[0] ?? null;
}

/**
 * Goes back to the chain before the opening and returns the proven effect, or null when
 * holders could move tokens there too (the gate held something else back, such as buying).
 */
export async function proveClosedUntilOpened(input: ClosedUntilOpenedInput): Promise<ExplorationEffect | null> {
  const { session, token, owner, before } = input;
  if (before.opened.length === 0) return null;
  await session.revert(before.snapshot);
  const held = await balance(session, token, owner);
  if (held === 0n) return null;
  const opening = before.opened.join(' then ');
  const holder = await session.freshAccount(10n ** 20n);
  const recipient = await session.freshAccount(0n);
  const given = held / 100n > 0n ? held / 100n : held;
  const sent = await transfer(session, token, owner, holder, given);
  let evidence: string;
  if (sent.moved) {
    const got = await balance(session, token, holder);
    const passed = await transfer(session, token, holder, recipient, got / 2n > 0n ? got / 2n : got);
    if (passed.moved) return null;
    evidence = `before the owner opened trading with \`${opening}\`, a holder the owner had sent ${given} raw units could not move them: its transfer of half to a fresh account ${passed.why}; after the opening, the holder's buy, transfer and sell passed. Until the owner makes that call, holders cannot sell`;
  } else {
    evidence = `before the owner opened trading with \`${opening}\`, no one could move tokens: the owner's own transfer of ${given} raw units to a fresh account ${sent.why}; after the opening, the holder's buy, transfer and sell passed. Until the owner makes that call, holders who got tokens (a presale, an airdrop) cannot sell them`;
  }
  const f = openingFunction(input.abi, before.opened);
  const signature = f ? signatureOf(f) : '';
  return {
    kind: 'closed-until-opened',
    signature,
    function: f?.name ?? '',
    call: before.opened.at(-1)!,
    caller: owner,
    callerRole: 'owner/deployer',
    anyone: false,
    evidence,
    sellTaxAfter: null,
    sellRestriction: true,
    data: null,
    location: f ? locateFunction(input.sources, f.name, signature) : null,
  };
}
