/**
 * Sells and buys: which transfers go to the market pair (sells) and which come from it
 * (buys). The pair is a stored address the transfer path compares with the sender or the
 * receiver (`to == uniswapV2Pair`), an address stored from the router's `createPair` /
 * `getPair`, or a per-address map marking pairs (`automatedMarketMakerPairs[to]`) whose
 * entries are set for such an address. Addresses the contract checks the caller against
 * (the owner, roles) are authorities, not pairs.
 */
import { stateVariablesOf, type ContractAnalysis, type Entry } from './contract-analysis.ts';
import type { StateVariable } from './program.ts';
import type { Literal } from './conditions.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Scope } from './scope.ts';
import type { Summary, Write } from './summary.ts';
import { evaluate } from './evaluate.ts';
import { sameSym, isZero, type Sym } from './symbolic.ts';
import { addressMappingValue, isBoolType } from './type-info.ts';
import { child, visit } from './syntax-helpers.ts';

export interface Market {
  /** Stored pair addresses. */
  readonly pairs: Set<StateVariable>;
  /** Per-address maps whose set entries are pairs. */
  readonly pairMaps: Set<StateVariable>;
  /** Per transfer entry: who receives (`to`) and who pays (`from`). */
  readonly parties: Map<Entry, { receivers: Sym[]; senders: Sym[] }>;
}

/** What a literal says about the transfer's direction, if anything. */
export type Side = 'sell' | 'not-sell' | 'buy' | 'not-buy' | 'pair-check';

const cache = new WeakMap<ContractAnalysis, Market>();

export function marketOf(a: ContractAnalysis): Market | undefined {
  const token = a.token;
  if (!token) return undefined;
  let m = cache.get(a);
  if (!m) {
    m = buildMarket(a);
    cache.set(a, m);
  }
  return m;
}

function buildMarket(a: ContractAnalysis): Market {
  const token = a.token!;
  const parties = new Map<Entry, { receivers: Sym[]; senders: Sym[] }>();
  for (const e of token.transferEntries) {
    const receivers: Sym[] = [];
    const senders: Sym[] = [];
    for (const w of e.summary.writes) {
      if (!token.isLedger(w) || w.keys.length !== 1) continue;
      const key = w.keys[0]!;
      if (!token.isParty(key)) continue;
      const list = w.op === 'inc' ? receivers : w.op === 'dec' || w.op === 'set' ? senders : undefined;
      if (list && !list.some((s) => sameSym(s, key))) list.push(key);
    }
    parties.set(e, { receivers, senders });
  }
  const authorities = new Set<StateVariable>();
  for (const e of a.entries) for (const au of e.authorities) if (au.v) authorities.add(au.v);
  if (a.ownership.ownerVariable) authorities.add(a.ownership.ownerVariable);
  // An address set to the deployer (`_dev = msg.sender` in the constructor or where it is
  // declared) is an account, never the pool: a pair is created, or set, after that. Without
  // this, `if (from == _dev)` on the transfer path made the deployer's wallet "a pair".
  for (const w of a.constructors.flatMap((c) => c.writes)) if (w.keys.length === 0 && isDeployer(w.value)) authorities.add(w.v);
  for (const v of stateVariablesOf(a.contract)) if (v.initializer && isDeployerNode(v.initializer)) authorities.add(v);

  const summaries: Summary[] = [...a.entries.map((e) => e.summary), ...a.constructors];
  const pairs = new Set<StateVariable>();
  for (const s of summaries) {
    for (const w of s.writes) if (w.keys.length === 0 && !authorities.has(w.v) && w.valueNode && createsPair(w.valueNode)) pairs.add(w.v);
  }
  const isParty = (sym: Sym): boolean => [...parties.values()].some((p) => [...p.receivers, ...p.senders].some((x) => sameSym(x, sym)));
  for (const lit of [...token.branchLiterals, ...token.rules.flatMap((r) => r.clause)]) {
    const compared = comparedAddress(lit, isParty, a);
    if (compared && !authorities.has(compared) && !token.ledgers.has(compared) && /^address|^I?[A-Z]/.test(compared.type.text))
      pairs.add(compared);
  }
  const pairMaps = new Set<StateVariable>();
  for (const s of summaries) {
    for (const w of s.writes) if (marksPair(w, pairs)) pairMaps.add(w.v);
  }
  return { pairs, pairMaps, parties };
}

function isDeployer(value: Sym): boolean {
  return value.k === 'sender' || value.k === 'origin';
}

/** `msg.sender`, `tx.origin` or `_msgSender()` written where a state variable is declared. */
function isDeployerNode(n: SyntaxNode): boolean {
  return /^(msg\.sender|tx\.origin|_msgSender\(\))$/.test(n.text.replace(/\s+/g, ''));
}

/** `IUniswapV2Factory(f).createPair(a, b)` / `getPair(a, b)` anywhere in the value. */
function createsPair(n: SyntaxNode): boolean {
  let found = false;
  visit(n, (m) => {
    if (found) return false;
    if (m.type === 'member_expression' && /^(createPair|getPair)$/.test(child(m, 'property')?.text ?? '')) found = true;
    return !found;
  });
  return found;
}

/** `pairs[p] = true` where `p` is a known pair. */
function marksPair(w: Write, pairs: Set<StateVariable>): boolean {
  const value = addressMappingValue(w.v.type);
  if (!value || !isBoolType(value) || w.keys.length !== 1 || w.op !== 'set') return false;
  const key = w.keys[0]!;
  return key.k === 'state' && key.keys.length === 0 && pairs.has(key.v) && !(w.value.k === 'literal' && w.value.text === 'false');
}

/** The stored address a party is compared with by `==`/`!=` in a literal. */
function comparedAddress(lit: Literal, isParty: (s: Sym) => boolean, a: ContractAnalysis): StateVariable | undefined {
  const atom = lit.atom;
  if (atom.k !== 'compare' || (atom.op !== '==' && atom.op !== '!=')) return undefined;
  const sides = sidesOf(lit, a);
  if (!sides) return undefined;
  const [l, r] = sides;
  const stored =
    l.k === 'state' && l.keys.length === 0 && isParty(r) ? l : r.k === 'state' && r.keys.length === 0 && isParty(l) ? r : undefined;
  return stored?.k === 'state' ? stored.v : undefined;
}

/** Evaluates both sides of a comparison literal. */
export function sidesOf(lit: Literal, a: { readonly scope: Scope }): [Sym, Sym] | undefined {
  const atom = lit.atom;
  if (atom.k !== 'compare') return undefined;
  const cx = { scope: a.scope, fn: lit.fn };
  return [evaluate(atom.left, lit.env, cx), evaluate(atom.right, lit.env, cx)];
}

/**
 * The direction a literal selects for a transfer entry: `to == pair` holds on sells,
 * `from == pair` on buys; a literal that only checks the pair is set (`pair != address(0)`)
 * is a `pair-check`. Undefined for literals about anything else.
 */
export function sideOf(lit: Literal, entry: Entry, market: Market, a: ContractAnalysis): Side | undefined {
  const p = market.parties.get(entry);
  if (!p) return undefined;
  const atom = lit.atom;
  const isTo = (s: Sym): boolean => p.receivers.some((r) => sameSym(r, s));
  const isFrom = (s: Sym): boolean => p.senders.some((r) => sameSym(r, s));
  if (atom.k === 'flag' && market.pairMaps.has(atom.v) && atom.keys.length === 1) {
    const k = atom.keys[0]!;
    if (isTo(k)) return lit.positive ? 'sell' : 'not-sell';
    if (isFrom(k)) return lit.positive ? 'buy' : 'not-buy';
    return undefined;
  }
  const sides = sidesOf(lit, a);
  if (!sides || atom.k !== 'compare' || (atom.op !== '==' && atom.op !== '!=')) return undefined;
  const [l, r] = sides;
  const pairSide = isPairSym(l, market) ? r : isPairSym(r, market) ? l : undefined;
  if (!pairSide) return undefined;
  const equal = (atom.op === '==') === lit.positive;
  if (isZero(pairSide) === true) return 'pair-check';
  if (isTo(pairSide)) return equal ? 'sell' : 'not-sell';
  if (isFrom(pairSide)) return equal ? 'buy' : 'not-buy';
  return undefined;
}

function isPairSym(s: Sym, market: Market): boolean {
  return s.k === 'state' && s.keys.length === 0 && market.pairs.has(s.v);
}
