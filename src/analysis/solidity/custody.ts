/**
 * Funds a contract holds for named people: per-address entries (`stakes[a]`, `owed[a]`,
 * `records[a]`) that a deposit credits with what the caller pays in, or that a payout
 * pays to the caller. Outside tokens this is where the money of holders lives, so the
 * owner's powers over it (taking it, or being the only one who can let it out) are the
 * rug pulls of wallets, stakes, games and pre-sale pools.
 */
import type { ContractAnalysis, Entry } from './contract-analysis.ts';
import type { StateVariable } from './program.ts';
import type { ExternalCall, Write } from './summary.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Env } from './symbolic.ts';
import { addressMappingValue } from './type-info.ts';
import { visit } from './syntax-helpers.ts';

export interface Custody {
  /** Per-address state a payout to the caller reads or clears, with the entry that pays. */
  readonly payouts: Map<StateVariable, Entry>;
  /** Per-address state credited at the caller with what it pays in, with the entry that credits. */
  readonly deposits: Map<StateVariable, Entry>;
}

const cache = new WeakMap<ContractAnalysis, Custody>();

export function custodyOf(a: ContractAnalysis): Custody {
  let c = cache.get(a);
  if (!c) {
    c = { payouts: payoutsOf(a), deposits: depositsOf(a) };
    cache.set(a, c);
  }
  return c;
}

/**
 * ETH sent, or tokens transferred, minted or issued by another contract, to the caller or
 * to an address the caller names (`withdraw(address to)` cashes the caller's entry too).
 */
export function paysCaller(c: ExternalCall): boolean {
  const chosen = (k: string | undefined): boolean => k === 'sender' || k === 'param';
  if (c.kind === 'transfer-eth' || c.kind === 'send' || (c.kind === 'call' && c.hasValue)) return chosen(c.target.k);
  return c.kind === 'external' && /^(transfer|mint|issue)\w*$/i.test(c.name) && chosen(c.argSyms[0]?.k);
}

/** ETH or tokens leaving the contract for anyone (`to.transfer(v)`, `token.transfer(to, v)`). */
export function paysOut(c: ExternalCall): boolean {
  if (c.kind === 'transfer-eth' || c.kind === 'send' || (c.kind === 'call' && c.hasValue) || c.kind === 'selfdestruct') return true;
  return c.kind === 'external' && /^(safeT|t)ransfer$/.test(c.name);
}

function payoutsOf(a: ContractAnalysis): Map<StateVariable, Entry> {
  const payouts = new Map<StateVariable, Entry>();
  // Payouts restricted or not: a check on the claim itself (`require(owed[msg.sender] > 0)`)
  // reads as a per-address authority, and an owner paying itself its own claims is the
  // same power.
  for (const e of a.entries) {
    for (const c of e.summary.calls) {
      if (!paysCaller(c)) continue;
      const tokens = c.kind === 'external';
      const amount = tokens ? c.args[1] : c.kind === 'call' ? undefined : c.args[0];
      // The payout clears the caller's entry (`owed[msg.sender] = 0`, or an entitlement
      // `canWithdraw[msg.sender][id] = false`) or is computed from it.
      const read = new Set<StateVariable>();
      if (amount) mappingReadsOf(amount, c.env, a, read, 0);
      for (const w of e.summary.writes) {
        const cleared =
          w.op === 'delete' || w.op === 'dec' || (w.op === 'set' && w.value.k === 'literal' && /^(0+|false)$/.test(w.value.text));
        if (cleared && w.keys[0]?.k === 'sender') read.add(w.v);
      }
      for (const v of read) if (!payouts.has(v)) payouts.set(v, e);
    }
  }
  return payouts;
}

/**
 * Open entries that credit the caller's entry while it pays in: ETH (`stakes[msg.sender]
 * += msg.value`) or tokens it sends (`deposited[msg.sender] += v` beside
 * `token.transferFrom(msg.sender, this, v)`).
 */
function depositsOf(a: ContractAnalysis): Map<StateVariable, Entry> {
  const deposits = new Map<StateVariable, Entry>();
  for (const e of a.entries) {
    if (e.privileged) continue;
    const pullsTokens = e.summary.calls.some(
      (c) => c.kind === 'external' && /^(safeT|t)ransferFrom$/.test(c.name) && c.argSyms[0]?.k === 'sender',
    );
    for (const w of e.summary.writes) {
      if (w.op !== 'inc' || w.keys[0]?.k !== 'sender' || !addressMappingValue(w.v.type)) continue;
      const paid = e.fn.mutability === 'payable' && !!w.valueNode && mentionsMsgValue(w.valueNode, w, 0);
      if ((paid || pullsTokens) && !deposits.has(w.v)) deposits.set(w.v, e);
    }
  }
  return deposits;
}

function mentionsMsgValue(n: SyntaxNode, w: Write, depth: number): boolean {
  let found = false;
  visit(n, (m) => {
    if (m.type === 'member_expression' && /^msg\s*\.\s*value$/.test(m.text)) found = true;
    const alias = m.type === 'identifier' && m.field !== 'property' ? w.env.aliases.get(m.text) : undefined;
    if (alias && alias !== m && depth < 3) found ||= mentionsMsgValue(alias, w, depth + 1);
    return !found;
  });
  return found;
}

/** Per-address state an amount reads (`owed[msg.sender] / 10`), through locals. */
export function mappingReadsOf(n: SyntaxNode, env: Env, a: ContractAnalysis, out: Set<StateVariable>, depth: number): void {
  visit(n, (m) => {
    if (m.type !== 'identifier' || m.field === 'property') return true;
    const alias = env.aliases.get(m.text);
    if (alias && depth < 3) mappingReadsOf(alias, env, a, out, depth + 1);
    else if (!env.values.has(m.text)) {
      const v = a.scope.stateVariable(m.text);
      if (v && addressMappingValue(v.type)) out.add(v);
    }
    return true;
  });
}
