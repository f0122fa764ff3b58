/**
 * Finding the trading opener by what it does (issue 27, item 6): when launching is blocked
 * (approving, adding liquidity or buying reverts) and the switches the analysis named do
 * not open it, the deployer tries the token's own state-changing functions, whatever their
 * names: those without arguments first, then one flag or number, then the ones that name
 * an address (an agent or a pair), with the deployer, a permissive stand-in or the pool's
 * own pair as that address (`setPair(pair)`: many tokens learn their pair from the owner
 * after launch, and refuse every trade until then), and those followed by every one-step opener (`setReleaseAgent(deployer)` then `releaseTokenTransfer()`).
 * Each try runs from a snapshot and is kept only when the blocked step then passes.
 */
import { encodeFunctionData, numberToHex, type AbiFunction, type Address, type Hex } from 'viem';
import type { Eip1193Provider } from '../devnet/edr-provider.ts';
import { explorableFunctions, signatureOf } from './explore-privileged.ts';
import type { Abi } from 'viem';

/** Calls that may lock the token or hand it away: never tried as openers. */
const NEVER =
  /renounce|transferownership|kill|destroy|selfdestruct|burn|blacklist|pause|stop|halt|freeze|lock(?!.*un)|disable|withdraw|upgrade/i;

/**
 * A permissive stand-in for a contract the token asks (a whitelist, a gate, a registry)
 * that the source does not hold: it answers every call with the word 1 (`true`, or a
 * non-zero number), so the token's question is answered yes and the rest of its code runs.
 * Runtime code: PUSH1 1, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
 */
export const STAND_IN_CODE = '0x600160005260206000f3' as Hex;
export const STAND_IN = '0x57a2d12000000000000000000000000000057a2d' as Address;

export interface OpenContext {
  readonly provider: Eip1193Provider;
  readonly token: Address;
  readonly deployer: Address;
  readonly abi: Abi;
  /** Gas cap of each try. */
  readonly gas: bigint;
  /** At most this many sends (default 60). */
  readonly budget?: number;
  /** The pool's pair once it exists: the address a pair setter is given. */
  readonly pair?: Address | null;
}

interface Try {
  readonly f: AbiFunction;
  readonly args: unknown[];
  readonly text: string;
}

function tries(f: AbiFunction, deployer: Address, standIn: Address | null, pair: Address | null = null): Try[] {
  const values = f.inputs.map((p): { v: unknown; t: string }[] => {
    if (p.type === 'bool')
      return [
        { v: true, t: 'true' },
        { v: false, t: 'false' },
      ];
    if (p.type === 'address')
      return [
        { v: deployer, t: 'deployer' },
        ...(standIn ? [{ v: standIn, t: `stand-in ${standIn}` }] : []),
        ...(pair ? [{ v: pair, t: `the pair ${pair}` }] : []),
      ];
    if (p.type === 'address[]') return [{ v: [deployer], t: '[deployer]' }];
    if (/^uint\d*$/.test(p.type))
      return [
        { v: 0n, t: '0' },
        { v: 1n, t: '1' },
      ];
    return [];
  });
  if (values.some((v) => v.length === 0)) return [];
  const out: Try[] = [];
  const product = (i: number, acc: { v: unknown; t: string }[]) => {
    // Three addresses by two flags: every pairing of a two-argument setter (`setPair(pair, true)`).
    if (out.length >= 6) return;
    if (i === values.length) {
      out.push({ f, args: acc.map((a) => a.v), text: `${f.name}(${acc.map((a) => a.t).join(', ')})` });
      return;
    }
    for (const v of values[i]!) product(i + 1, [...acc, v]);
  };
  product(0, []);
  return out;
}

/** The openers tried, in order: no arguments, one flag or number, then address setters (agents). */
export function openerCandidates(
  abi: Abi,
  deployer: Address,
  standIn: Address | null = null,
  pair: Address | null = null,
): { single: Try[]; agents: Try[] } {
  const fns = explorableFunctions(abi).filter((f) => !NEVER.test(f.name) && f.inputs.length <= 2);
  const single = fns
    .filter((f) => f.inputs.every((p) => p.type === 'bool' || /^uint\d*$/.test(p.type)))
    .sort((a, b) => a.inputs.length - b.inputs.length)
    .flatMap((f) => tries(f, deployer, null));
  const agents = fns
    .filter((f) => f.inputs.some((p) => p.type === 'address' || p.type === 'address[]'))
    .flatMap((f) => tries(f, deployer, standIn, pair));
  return { single, agents };
}

/** Opens trading by behaviour; returns the calls kept (empty when none worked). */
export async function openByBehaviour(ctx: OpenContext, works: () => Promise<boolean>): Promise<string[]> {
  const request = (method: string, params: unknown[] = []) => ctx.provider.request({ method, params });
  let budget = ctx.budget ?? 60;
  const send = async (t: Try): Promise<boolean> => {
    if (budget-- <= 0) return false;
    let data: Hex;
    try {
      data = encodeFunctionData({ abi: [t.f], functionName: t.f.name, args: t.args });
    } catch {
      return false;
    }
    const hash = (await request('eth_sendTransaction', [{ from: ctx.deployer, to: ctx.token, data, gas: numberToHex(ctx.gas) }]).catch(
      () => null,
    )) as Hex | null;
    if (!hash) return false;
    const receipt = (await request('eth_getTransactionReceipt', [hash])) as { status: Hex } | null;
    return receipt?.status === '0x1';
  };
  /** Each single opener from a snapshot; the first after which `works` passes is kept. */
  const trySingles = async (singles: Try[]): Promise<string | null> => {
    for (const t of singles) {
      if (budget <= 0) return null;
      const at = (await request('evm_snapshot')) as Hex;
      if ((await send(t)) && (await works())) return t.text;
      await request('evm_revert', [at]);
    }
    return null;
  };
  const code = (await request('eth_getCode', [STAND_IN, 'latest'])) as Hex;
  if (code === '0x') await request('hardhat_setCode', [STAND_IN, STAND_IN_CODE]);
  const { single, agents } = openerCandidates(ctx.abi, ctx.deployer, STAND_IN, ctx.pair ?? null);
  const one = await trySingles(single);
  if (one) return [one];
  for (const agent of agents) {
    if (budget <= 0) break;
    const at = (await request('evm_snapshot')) as Hex;
    if (await send(agent)) {
      if (await works()) return [agent.text];
      const then = await trySingles(single.filter((s) => signatureOf(s.f) !== signatureOf(agent.f)));
      if (then) return [agent.text, then];
    }
    await request('evm_revert', [at]);
  }
  return [];
}
