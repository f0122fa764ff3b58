/**
 * Reads the transfer path's rules into the things a holder cares about: switches that
 * stop transfers, per-address block and exemption flags, amount limits, wallet limits
 * and cooldowns — each as the state variables a privileged account can change.
 */
import type { StateVariable } from './program.ts';
import type { ContractAnalysis, Entry } from './contract-analysis.ts';
import type { Literal } from './conditions.ts';
import type { TokenModel, TransferRule } from './token-model.ts';
import type { Write } from './summary.ts';
import { evaluate } from './evaluate.ts';
import { sidesOf } from './market.ts';
import { privilegedEntries } from './privileged-branches.ts';
import { constantValue } from './constant-value.ts';
import { isArithmeticWrapper } from './safe-math-usage.ts';
import { child, isMember, unparen, visit } from './syntax-helpers.ts';
import { addressMappingValue, isBoolType, isUintType } from './type-info.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Env } from './symbolic.ts';
import type { FunctionModel } from './program.ts';

export interface Switch {
  readonly v: StateVariable;
  /** The value of the variable that makes the rule fail (stops transfers). */
  readonly blocksWhen: boolean;
  readonly rule: TransferRule;
}

/**
 * A switch that is not a boolean: a state code the transfer path compares with a constant
 * (`require(status == Status.Open)`, `require(phase != 0)`). Transfers pass while the
 * variable equals the constant (or, for `!=`, while it does not).
 */
export interface ValueSwitch {
  readonly v: StateVariable;
  /** The constant as written (`Status.Open`, `2`). */
  readonly constant: string;
  readonly passesWhenEqual: boolean;
  readonly rule: TransferRule;
}

/**
 * A cap on one transfer's amount (`amount <= maxTx`) or on the balance a transfer may leave
 * the recipient with (`balanceOf[to] + amount <= maxWallet`), fixed or settable: anti-whale.
 */
export interface Limit {
  readonly kind: 'amount' | 'wallet';
  readonly rule: TransferRule;
  /** State variables the limit reads (empty for a constant). */
  readonly vars: StateVariable[];
}

export interface TransferRules {
  readonly limits: Limit[];
  readonly switches: Switch[];
  readonly valueSwitches: ValueSwitch[];
  readonly blockFlags: Set<StateVariable>;
  readonly exemptFlags: Set<StateVariable>;
  readonly maxAmount: Set<StateVariable>;
  readonly maxWallet: Set<StateVariable>;
  readonly cooldown: Set<StateVariable>;
}

const cache = new WeakMap<TokenModel, TransferRules>();

export function transferRules(analysis: ContractAnalysis): TransferRules | undefined {
  const token = analysis.token;
  if (!token) return undefined;
  let rules = cache.get(token);
  if (!rules) {
    rules = readRules(token, analysis.scope);
    cache.set(token, rules);
  }
  return rules;
}

function readRules(token: TokenModel, scope: Scope): TransferRules {
  const out: TransferRules = {
    limits: [],
    switches: [],
    valueSwitches: [],
    blockFlags: new Set(),
    exemptFlags: new Set(),
    maxAmount: new Set(),
    maxWallet: new Set(),
    cooldown: new Set(),
  };
  for (const rule of token.rules) {
    const timed = rule.clause.some((l) => l.atom.k === 'compare' && involves(l, scope, token).time);
    // `if (!tradingOpen) require(exempt[from])`: under the switch only exempt addresses pass.
    const exemptOnly = rule.clause.filter((l) => !l.fromPath).every((l) => l.atom.k === 'flag' || l.atom.k === 'caller-is');
    for (const lit of rule.clause) {
      const a = lit.atom;
      if (a.k === 'bool-var') {
        // A switch under which a rule applies (`if (limitsOn) require(...)`) turns that
        // rule off, it does not stop transfers; only time rules count it (cooldown on/off).
        if (timed) out.cooldown.add(a.v);
        else if (!lit.fromPath || exemptOnly) out.switches.push({ v: a.v, blocksWhen: !lit.positive, rule });
      } else if (a.k === 'flag' && a.keys.some((k) => token.isParty(k))) {
        (lit.positive || lit.fromPath ? out.exemptFlags : out.blockFlags).add(a.v);
      } else if (a.k === 'compare') {
        const listed = arrayListed(lit, scope, token);
        if (listed) out.blockFlags.add(listed);
        else classifyLimit(lit, scope, token, out, rule);
      } else if (a.k === 'caller-is' && !lit.positive && a.who.k === 'state' && a.who.v.type.isArray) {
        // `for (…) require(msg.sender != bots[i])`: the caller must not be in the list.
        out.blockFlags.add(a.who.v);
      }
    }
  }
  // `sellAfter[to] = block.number + delay` on a buy, `block.number >= sellAfter[from]` on a
  // sell: the per-holder time is bookkeeping, but the plain numbers its value is computed
  // from (`delay`) set the wait, so they are the cooldown a privileged setter changes.
  for (const e of token.transferEntries) {
    for (const w of e.summary.writes) {
      if (!out.cooldown.has(w.v) || w.keys.length !== 1 || !token.isParty(w.keys[0]!) || !w.valueNode) continue;
      const i = involvesNode(w.valueNode, w.env, w.fn, scope, token);
      if (!i.time) continue;
      for (const v of i.vars) if (!token.supply.has(v)) out.cooldown.add(v);
    }
  }
  // Any per-address boolean the transfer path reads (`takeFee = !excluded[from]`) changes
  // how it treats that address.
  for (const v of token.reads) {
    const value = addressMappingValue(v.type);
    if (value && isBoolType(value) && !out.blockFlags.has(v)) out.exemptFlags.add(v);
  }
  for (const lit of token.branchLiterals) {
    const a = lit.atom;
    if (a.k === 'flag' && a.keys.some((k) => token.isParty(k)) && !out.blockFlags.has(a.v)) out.exemptFlags.add(a.v);
  }
  return out;
}

interface Involvement {
  amount: boolean;
  ledger: boolean;
  time: boolean;
  vars: Set<StateVariable>;
  /** Per-holder values read at a party of the transfer (`sellCap[from]`). */
  partyVars: Set<StateVariable>;
}

function involvesNode(node: SyntaxNode, env: Env, fn: FunctionModel, scope: Scope, token: TokenModel): Involvement {
  const out: Involvement = { amount: false, ledger: false, time: false, vars: new Set(), partyVars: new Set() };
  visit(node, (n) => {
    if (
      isMember(n, 'block', 'timestamp') ||
      isMember(n, 'block', 'number') ||
      (n.type === 'identifier' && n.text === 'now' && !env.values.has('now'))
    ) {
      out.time = true;
      return false;
    }
    if (n.type !== 'identifier' && n.type !== 'array_access' && n.type !== 'call_expression') return true;
    if (n.field === 'property' || n.field === 'function') return true;
    const sym = evaluate(n, env, { scope, fn });
    if (token.isAmount(sym)) out.amount = true;
    if (sym.k === 'state') {
      if (token.ledgers.has(sym.v)) out.ledger = true;
      else if (sym.keys.length === 0) out.vars.add(sym.v);
      else if (sym.keys.length === 1 && token.isParty(sym.keys[0]!)) out.partyVars.add(sym.v);
      return false;
    }
    return true;
  });
  return out;
}

function involves(lit: Literal, scope: Scope, token: TokenModel): Involvement {
  if (lit.atom.k !== 'compare') return { amount: false, ledger: false, time: false, vars: new Set(), partyVars: new Set() };
  const l = involvesNode(lit.atom.left, lit.env, lit.fn, scope, token);
  const r = involvesNode(lit.atom.right, lit.env, lit.fn, scope, token);
  return {
    amount: l.amount || r.amount,
    ledger: l.ledger || r.ledger,
    time: l.time || r.time,
    vars: new Set([...l.vars, ...r.vars]),
    partyVars: new Set([...l.partyVars, ...r.partyVars]),
  };
}

function classifyLimit(lit: Literal, scope: Scope, token: TokenModel, out: TransferRules, rule: TransferRule): void {
  if (lit.atom.k !== 'compare') return;
  const l = involvesNode(lit.atom.left, lit.env, lit.fn, scope, token);
  const r = involvesNode(lit.atom.right, lit.env, lit.fn, scope, token);
  if (/^[!=]=$/.test(lit.atom.op)) {
    // `status[from] != BANNED`: a per-holder code compared with a constant is a block flag.
    const constant = (side: SyntaxNode, i: Involvement): boolean =>
      !i.amount && !i.ledger && !i.time && i.vars.size === 0 && i.partyVars.size === 0 && constantValue(side, scope) !== undefined;
    const coded = (i: Involvement): boolean => !i.amount && !i.ledger && !i.time && i.vars.size === 0 && i.partyVars.size === 1;
    const [held, other] =
      coded(l) && constant(lit.atom.right, r) ? [l, r] : coded(r) && constant(lit.atom.left, l) ? [r, l] : [undefined, undefined];
    if (held && other) for (const v of held.partyVars) if (isUintType(addressMappingValue(v.type) ?? v.type)) out.blockFlags.add(v);
    // `status == Status.Open`: one plain code variable against a constant, on the rule itself
    // (not a condition under which some other rule applies).
    const plain = (i: Involvement): StateVariable | undefined =>
      !i.amount && !i.ledger && !i.time && i.partyVars.size === 0 && i.vars.size === 1 ? [...i.vars][0] : undefined;
    const code = (v: StateVariable | undefined, side: SyntaxNode, i: Involvement): boolean =>
      !!v &&
      !v.type.mapping &&
      !v.isConstant &&
      !v.isImmutable &&
      !token.supply.has(v) &&
      (isUintType(v.type) || isEnumMember(side, v)) &&
      i.vars.size === 0 &&
      (constantValue(side, scope) !== undefined || isEnumMember(side, v));
    const lv = plain(l);
    const rv = plain(r);
    const [v, constantSide] = code(lv, lit.atom.right, r) ? [lv, lit.atom.right] : code(rv, lit.atom.left, l) ? [rv, lit.atom.left] : [];
    if (v && constantSide && !lit.fromPath)
      out.valueSwitches.push({ v, constant: constantSide.text, passesWhenEqual: (lit.atom.op === '==') === lit.positive, rule });
    return;
  }
  if (!/^[<>]=?$/.test(lit.atom.op)) return;
  if (l.time || r.time) {
    // A per-holder unlock time the owner writes (`now >= unlockAt[from]`) is a cooldown it controls.
    for (const v of [...l.vars, ...r.vars, ...l.partyVars, ...r.partyVars]) out.cooldown.add(v);
    return;
  }
  const [limitSide, amountSide] = l.amount ? [r, l] : r.amount ? [l, r] : [undefined, undefined];
  if (!limitSide || !amountSide || limitSide.amount || limitSide.ledger) return;
  const target = amountSide.ledger ? out.maxWallet : out.maxAmount;
  for (const v of limitSide.vars) if (!token.supply.has(v)) target.add(v);
  // A limit read from plain variables or written as a constant (an allowance, read at two
  // keys, is neither); the amount side alone or plus the recipient's balance.
  const limitNode = l.amount ? lit.atom.right : lit.atom.left;
  const upper = l.amount ? /^<=?$/.test(lit.atom.op) === lit.positive : /^>=?$/.test(lit.atom.op) === lit.positive;
  // `amount <= totalSupply` caps nothing: no transfer can move more than the supply.
  const wholeSupply =
    limitSide.vars.size > 0 && [...limitSide.vars].every((v) => token.supply.has(v)) && unparen(limitNode).type === 'identifier';
  // An arithmetic helper's check (SafeMath's `b <= a`, `c >= a`) is overflow safety, not a cap.
  const arithmetic = lit.fn.contract.kind === 'library' || isArithmeticWrapper(lit.fn);
  // A negated branch condition folded in (`_value > 0` read as `_value <= 0 ∨ …`) is no cap either.
  const fixed = constantValue(limitNode, scope);
  if (
    upper &&
    !wholeSupply &&
    !arithmetic &&
    !lit.fromPath &&
    fixed !== 0 &&
    limitSide.partyVars.size === 0 &&
    (limitSide.vars.size > 0 || fixed !== undefined)
  )
    out.limits.push({ kind: amountSide.ledger ? 'wallet' : 'amount', rule, vars: [...limitSide.vars] });
  // A cap the owner keeps per holder (`amount <= sellCap[from]`) is an amount limit the
  // owner can set to zero for one seller.
  if (!amountSide.ledger) for (const v of limitSide.partyVars) if (isUintType(addressMappingValue(v.type) ?? v.type)) out.maxAmount.add(v);
}

/**
 * Privileged entry points and the writes they make to `v` (outside the transfer path)
 * that persist: a write to a plain variable that a later unconditional write in the same
 * call overwrites (a reentrancy mutex set before `_` and cleared after) leaves nothing.
 */
export function privilegedWrites(analysis: ContractAnalysis, vars: ReadonlySet<StateVariable>): { entry: Entry; writes: Write[] }[] {
  const out: { entry: Entry; writes: Write[] }[] = [];
  for (const entry of privilegedEntries(analysis)) {
    const all = entry.summary.writes;
    const overwritten = (i: number): boolean => {
      const w = all[i]!;
      return (
        w.keys.length === 0 &&
        all.some((later, j) => j > i && later.v === w.v && later.keys.length === 0 && later.path.length === 0 && !later.inLoop)
      );
    };
    const writes = all.filter((w, i) => vars.has(w.v) && !overwritten(i));
    if (writes.length > 0) out.push({ entry, writes });
  }
  return out;
}

/** Whether a write can set a switch to its blocking value. */
export function canSetTo(w: Write, value: boolean): boolean {
  if (w.op === 'delete') return value === false;
  if (w.op !== 'set') return false;
  if (w.value.k === 'literal' && (w.value.text === 'true' || w.value.text === 'false')) return (w.value.text === 'true') === value;
  const n = w.valueNode;
  if (n && n.type === 'unary_expression' && n.children[1]?.type === 'identifier' && n.children[1].text === w.v.name) return true;
  return isBoolType(w.v.type) || w.v.type.text !== '';
}

/**
 * `for (…) require(from != bots[i])`: a party compared with the elements of a stored list,
 * the rule failing on a match. The list is a block list like a per-address flag; its
 * setters push to it.
 */
function arrayListed(lit: Literal, scope: Scope, token: TokenModel): StateVariable | undefined {
  const a = lit.atom;
  if (a.k !== 'compare' || (a.op !== '==' && a.op !== '!=') || (a.op === '!=') !== lit.positive) return undefined;
  const [l, r] = sidesOf(lit, { scope })!;
  const element = (x: typeof l): x is typeof l & { k: 'state' } => x.k === 'state' && x.v.type.isArray && x.keys.length === 1;
  if (element(l) && token.isParty(r)) return l.v;
  if (element(r) && token.isParty(l)) return r.v;
  return undefined;
}

/** `Status.Open` where the variable's type is the enum `Status`. */
function isEnumMember(side: SyntaxNode, v: StateVariable): boolean {
  const n = unparen(side);
  return n.type === 'member_expression' && child(n, 'object')?.text === v.type.text && /^[A-Z]\w*$/.test(v.type.text);
}

/** Whether a write can give a value switch a value that stops transfers. */
export function canBlockValueSwitch(w: Write, s: ValueSwitch): boolean {
  // Stepping a code moves it off the one passing value; it cannot be trusted to land on a blocked one.
  if (w.op === 'inc' || w.op === 'dec') return s.passesWhenEqual;
  if (w.op === 'delete') return s.passesWhenEqual ? s.constant !== '0' : s.constant === '0';
  if (w.op !== 'set' || !w.valueNode) return false;
  // A value the caller chooses can be any; `launchedAt = block.number` and the like cannot be chosen.
  if (w.value.k === 'param') return true;
  const text = unparen(w.valueNode).text;
  const constant = /^\d+$/.test(text) || isEnumMember(w.valueNode, w.v);
  return constant && (text === s.constant) !== s.passesWhenEqual;
}

/** The value a boolean state variable holds after deployment, when the code says. */
export function initialValue(analysis: ContractAnalysis, v: StateVariable): boolean | undefined {
  for (const c of analysis.constructors) {
    const writes = c.writes.filter((x) => x.v === v);
    // `if (openAtStart) tradingOpen = true;`: the start depends on a deployment argument, unknown.
    if (writes.some((x) => x.path.length > 0)) return undefined;
    const w = writes.pop();
    if (w) return w.value.k === 'literal' ? w.value.text === 'true' : w.op === 'delete' ? false : undefined;
  }
  if (!v.initializer) return false;
  return v.initializer.text === 'true' ? true : v.initializer.text === 'false' ? false : undefined;
}

/**
 * A launch switch that keeps holders locked in: the transfer path reverts while the
 * switch has its initial value, only privileged functions can change it, and the same
 * rule lets some addresses through anyway — the caller being an authority, a party on a
 * list the owner keeps, or a party equal to a stored address (`from == owner`). Until
 * (unless) the owner opens it, insiders can move and sell tokens and nobody else can.
 */
export interface LockedLaunch {
  readonly switch: Switch;
  readonly setters: Entry[];
  /** What lets an address through while the switch is closed. */
  readonly exemptions: string[];
}

export function lockedLaunches(analysis: ContractAnalysis): LockedLaunch[] {
  const rules = transferRules(analysis);
  const token = analysis.token;
  if (!rules || !token) return [];
  const out: LockedLaunch[] = [];
  const seen = new Set<StateVariable>();
  for (const s of rules.switches) {
    if (seen.has(s.v) || initialValue(analysis, s.v) !== s.blocksWhen) continue;
    // `a || b || locked == false || …` with two switches: neither alone keeps holders out.
    if (s.rule.clause.filter((l) => l.atom.k === 'bool-var').length > 1) continue;
    const setters = privilegedWrites(analysis, new Set([s.v]))
      .filter((x) => x.writes.some((w) => canSetTo(w, !s.blocksWhen)))
      .map((x) => x.entry);
    if (setters.length === 0) continue;
    const exemptions = exemptionsOf(s.rule.clause, analysis, token);
    if (exemptions.length === 0) continue;
    seen.add(s.v);
    out.push({ switch: s, setters, exemptions });
  }
  return out;
}

function exemptionsOf(clause: readonly Literal[], analysis: ContractAnalysis, token: TokenModel): string[] {
  const out: string[] = [];
  for (const lit of clause) {
    if (!lit.positive && lit.atom.k !== 'compare') continue;
    const a = lit.atom;
    if (a.k === 'caller-is' && !a.origin) out.push(lit.node.text);
    else if (
      a.k === 'flag' &&
      a.keys.some((k) => token.isParty(k)) &&
      (privilegedWrites(analysis, new Set([a.v])).length > 0 || seeded(analysis, a.v))
    )
      out.push(a.v.name);
    else if (isPartyExemption(lit, analysis, token)) out.push(lit.node.text);
  }
  return out;
}

/** A per-address list the constructor fills (`exempt[owner] = true`): the insiders chosen at deployment. */
function seeded(analysis: ContractAnalysis, v: StateVariable): boolean {
  return analysis.constructors.some((c) => c.writes.some((w) => w.v === v && w.keys.length > 0 && canSetTo(w, true)));
}

/**
 * A revocable allow-list under a global lock (`if (locked) require(allowed[from])`): while
 * the lock holds, removing an address from the list freezes that holder. The lock must be
 * closed at deployment or closable by a privileged function, and the list must be one a
 * privileged function can set to false for an address it is given.
 */
export function revocableAllowLists(analysis: ContractAnalysis): { v: StateVariable; lock: StateVariable; setters: Entry[] }[] {
  const token = analysis.token;
  if (!token) return [];
  const out: { v: StateVariable; lock: StateVariable; setters: Entry[] }[] = [];
  const seen = new Set<StateVariable>();
  for (const rule of token.rules) {
    const locks = rule.clause.filter((l) => l.atom.k === 'bool-var');
    const lists = rule.clause.filter((l) => l.atom.k === 'flag' && l.positive && !l.fromPath && l.atom.keys.some((k) => token.isParty(k)));
    if (locks.length !== 1 || lists.length !== 1) continue;
    // Nothing else lets a holder through (an owner or caller exemption would make it a launch rule).
    if (rule.clause.length !== 2) continue;
    const lockLit = locks[0]!;
    const lock = (lockLit.atom as { v: StateVariable }).v;
    // The lock blocks when its literal is false: `!locked || allowed` blocks when locked is true.
    const blocksWhen = !lockLit.positive;
    const closed =
      initialValue(analysis, lock) === blocksWhen ||
      privilegedWrites(analysis, new Set([lock])).some((x) => x.writes.some((w) => canSetTo(w, blocksWhen)));
    if (!closed) continue;
    const list = (lists[0]!.atom as { v: StateVariable }).v;
    if (seen.has(list)) continue;
    const setters = privilegedWrites(analysis, new Set([list]))
      .filter((x) => x.writes.some((w) => w.keys.length > 0 && w.keys[0]!.k === 'param' && canSetTo(w, false)))
      .map((x) => x.entry);
    if (setters.length === 0) continue;
    seen.add(list);
    out.push({ v: list, lock, setters });
  }
  return out;
}

/** `from == owner` holding (or `from != owner` failing): a party equal to a stored address passes. */
export function isPartyExemption(lit: Literal, analysis: ContractAnalysis, token: TokenModel): boolean {
  return exemptedParty(lit, analysis, token) !== undefined;
}

/** The stored address variable a party must equal for `lit` to pass (`from == owner` → owner); undefined for other literals. */
export function exemptedParty(lit: Literal, analysis: ContractAnalysis, token: TokenModel): StateVariable | undefined {
  const a = lit.atom;
  if (a.k !== 'compare' || (a.op !== '==' && a.op !== '!=') || (a.op === '==') !== lit.positive) return undefined;
  const [l, r] = sidesOf(lit, analysis)!;
  const stored = (x: typeof l): x is typeof l & { k: 'state' } => x.k === 'state' && x.keys.length === 0 && /^address/.test(x.v.type.text);
  if (token.isParty(l) && stored(r)) return r.v;
  if (token.isParty(r) && stored(l)) return l.v;
  return undefined;
}
