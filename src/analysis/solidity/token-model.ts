/**
 * The token view of a contract: which entry points move balances (ERC-20 transfer and
 * transferFrom, or any unprivileged function that debits one holder and credits
 * another), which mappings are the balance ledger, which variable is the total supply,
 * and the rules the transfer path enforces (guards as clauses), its branch conditions,
 * fee variables and external calls.
 */
import type { FunctionModel, StateVariable, TypeInfo } from './program.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { ExternalCall, Guard, Summary, Write } from './summary.ts';
import { canonicalType, type Entry } from './contract-analysis.ts';
import { clausesOf, type Clause, type Literal } from './conditions.ts';
import { evaluate, singleReturn } from './evaluate.ts';
import { Env, type Sym } from './symbolic.ts';
import { addressMappingValue, isUintType } from './type-info.ts';
import { callArguments, child, operatorOf, unparen, visit } from './syntax-helpers.ts';
import { constantValue } from './constant-value.ts';

export interface TransferRule {
  /** The guard's clause with the negated branch conditions it sits under folded in. */
  readonly clause: Clause;
  readonly guard: Guard;
  readonly entry: Entry;
}

export interface FeeUse {
  readonly v: StateVariable;
  /** The divisor of `amount * fee / D`, when it is a constant. */
  readonly denominator: number | undefined;
  readonly node: SyntaxNode;
  /** The function whose body holds the computation. */
  readonly fn: FunctionModel;
}

export interface TokenModel {
  readonly transferEntries: Entry[];
  readonly ledgers: Set<StateVariable>;
  /** For a ledger kept in a struct per holder (`accounts[a].balance`), the member that is the balance. */
  readonly ledgerFields: ReadonlyMap<StateVariable, string>;
  /** Whether a write moves the balance itself (not another member of a struct ledger). */
  isLedger(w: Pick<Write, 'v' | 'field'>): boolean;
  readonly supply: Set<StateVariable>;
  readonly rules: TransferRule[];
  readonly branchLiterals: Literal[];
  readonly reads: Set<StateVariable>;
  readonly fees: FeeUse[];
  readonly calls: ExternalCall[];
  /** Functions executed on the transfer path. */
  readonly reached: Set<FunctionModel>;
  readonly balanceOf: Entry | undefined;
  isAmount(sym: Sym): boolean;
  /** `from`, `to`, the caller: the parties of a transfer. */
  isParty(sym: Sym): boolean;
}

const TRANSFER_SIGNATURES = new Set(['transfer(address,uint256)', 'transferFrom(address,address,uint256)']);

function sig(fn: FunctionModel): string {
  return `${fn.name}(${fn.params.map((p) => canonicalType(p.type.text.replace(/ payable$/, ''))).join(',')})`;
}

/**
 * A token holders trade through the standard `transfer`/`transferFrom`, as opposed to a
 * stake, game or pool whose per-holder balances a token model also describes.
 */
export function isTransferableToken(t: TokenModel | undefined): boolean {
  return !!t && t.transferEntries.some((e) => TRANSFER_SIGNATURES.has(sig(e.fn)));
}

export function buildTokenModel(scope: Scope, entries: Entry[]): TokenModel | undefined {
  let transferEntries = entries.filter((e) => TRANSFER_SIGNATURES.has(sig(e.fn)));
  let found = ledgersOf(transferEntries);
  if (found.ledgers.size === 0) {
    transferEntries = entries.filter((e) => !e.privileged && movesBalances(e.summary));
    found = ledgersOf(transferEntries);
  }
  const { ledgers, fields: ledgerFields } = found;
  if (ledgers.size === 0) return undefined;
  const entrySet = new Set(transferEntries.map((e) => e.fn));
  const rules: TransferRule[] = [];
  const branchLiterals: Literal[] = [];
  const reads = new Set<StateVariable>();
  const calls: ExternalCall[] = [];
  const reached = new Set<FunctionModel>();
  for (const entry of transferEntries) {
    const s = entry.summary;
    for (const g of s.guards) for (const clause of foldedClauses(g, scope)) rules.push({ clause, guard: g, entry });
    for (const b of s.branches) for (const c of clausesOf(b.cond, true, b.env, scope, b.fn)) branchLiterals.push(...c);
    for (const v of s.reads) reads.add(v);
    calls.push(...s.calls);
    for (const f of s.reached) reached.add(f);
  }
  const balanceOf = entries.find((e) => sig(e.fn) === 'balanceOf(address)');
  const supply = supplyOf(scope, entries);
  const fees = feeUses(scope, reached, ledgers, supply);
  return {
    transferEntries,
    ledgers,
    ledgerFields,
    supply,
    rules,
    branchLiterals,
    reads,
    fees,
    calls,
    reached,
    balanceOf,
    isLedger: (w) => ledgers.has(w.v) && (!ledgerFields.has(w.v) || ledgerFields.get(w.v) === w.field),
    isAmount: (sym) => sym.k === 'param' && entrySet.has(sym.fn) && isUintType(sym.fn.params[sym.index]!.type),
    isParty: (sym) =>
      sym.k === 'sender' || (sym.k === 'param' && entrySet.has(sym.fn) && /^address/.test(sym.fn.params[sym.index]!.type.text)),
  };
}

function ledgersOf(entries: Entry[]): { ledgers: Set<StateVariable>; fields: Map<StateVariable, string> } {
  const inc = new Set<string>();
  const dec = new Set<string>();
  const byId = new Map<string, { v: StateVariable; field: string | undefined }>();
  for (const e of entries) {
    for (const w of e.summary.writes) {
      const value = addressMappingValue(w.v.type);
      // A per-holder checkpoint history (MiniMe) is a ledger too, written at [holder, i].
      const checkpoints = !!value && value.isArray && w.keys.length >= 1;
      // A per-holder struct (`accounts[a].balance -= v`): the member moved both ways.
      const member = !!value && !checkpoints && !value.isArray && !value.mapping && !!w.field && w.keys.length === 1 && !isScalar(value);
      if (!value || (!checkpoints && !member && (!isUintType(value) || w.keys.length !== 1))) continue;
      const field = member ? w.field : undefined;
      const id = `${w.v.name}\u0000${field ?? ''}`;
      byId.set(id, { v: w.v, field });
      if (w.op === 'inc') inc.add(id);
      if (w.op === 'dec' || w.op === 'set') dec.add(id);
    }
  }
  const ledgers = new Set<StateVariable>();
  const fields = new Map<StateVariable, string>();
  for (const id of inc) {
    if (!dec.has(id)) continue;
    const { v, field } = byId.get(id)!;
    // One balance per struct: a second member moved both ways is not a second ledger.
    if (field !== undefined && fields.has(v)) continue;
    ledgers.add(v);
    if (field !== undefined) fields.set(v, field);
  }
  return { ledgers, fields };
}

/** Value types that are not a struct: numbers, booleans, addresses, bytes, strings, enums are not told apart. */
function isScalar(t: TypeInfo): boolean {
  return /^(u?int\d*|bool|address( payable)?|bytes\d*|string)$/.test(t.text);
}

function movesBalances(s: Summary): boolean {
  const ledgerWrites = s.writes.filter((w) => w.keys.length === 1 && addressMappingValue(w.v.type) && w.keys[0]!.k !== 'this');
  return ledgerWrites.some((d) => d.op === 'dec' && ledgerWrites.some((i) => i.op === 'inc' && i.v === d.v));
}

function supplyOf(scope: Scope, entries: Entry[]): Set<StateVariable> {
  const out = new Set<StateVariable>();
  const total = entries.find((e) => sig(e.fn) === 'totalSupply()');
  const ret = total ? singleReturn(total.fn) : undefined;
  if (total && ret) {
    const sym = evaluate(ret, new Env(), { scope, fn: total.fn });
    if (sym.k === 'state' && sym.keys.length === 0) out.add(sym.v);
  }
  // `uint256 public totalSupply;` is the ERC-20 getter itself.
  if (!total) {
    const v = scope.stateVariable('totalSupply');
    if (v && v.visibility === 'public' && !v.type.mapping && isUintType(v.type)) out.add(v);
  }
  return out;
}

/** `g` under `if (p) { g }` holds as the clause `!p || g`. */
function foldedClauses(g: Guard, scope: Scope): Clause[] {
  const pathLiterals: Literal[] = [];
  for (const p of g.path) {
    const negated = clausesOf(p.cond, !p.positive, p.env, scope, p.fn);
    if (negated.length === 1) pathLiterals.push(...negated[0]!.map((l) => ({ ...l, fromPath: true })));
  }
  return clausesOf(g.cond, g.positive, g.env, scope, g.fn).map((c) => [...c, ...pathLiterals]);
}

/** Variables in `x * fee / D` (or `x.mul(fee).div(D)`) on the transfer path. */
function feeUses(scope: Scope, reached: Set<FunctionModel>, ledgers: Set<StateVariable>, supply: Set<StateVariable>): FeeUse[] {
  const out: FeeUse[] = [];
  const seen = new Set<StateVariable>();
  for (const fn of reached) {
    if (!fn.body || fn.contract.kind === 'library') continue;
    const locals = new Set(fn.params.map((p) => p.name));
    visit(fn.body, (n) => {
      const split = divisionParts(n);
      if (!split) return true;
      const denominator = constantValue(split.denominator, scope);
      visit(split.numerator, (m) => {
        const v = feeVariableAt(m, scope, locals);
        if (v && !ledgers.has(v) && !supply.has(v) && !seen.has(v)) {
          seen.add(v);
          out.push({ v, denominator, node: n, fn });
        }
        return true;
      });
      return true;
    });
  }
  return out;
}

/** `x * f / D` or `x.mul(f).div(D)`: the numerator (holding a product) and the divisor. */
export function divisionParts(n: SyntaxNode): { numerator: SyntaxNode; denominator: SyntaxNode } | undefined {
  if (n.type === 'binary_expression' && operatorOf(n) === '/') {
    const l = child(n, 'left');
    const r = child(n, 'right');
    if (l && r && containsProduct(l)) return { numerator: l, denominator: r };
  }
  if (n.type === 'call_expression') {
    const f = child(n, 'function');
    if (f?.type === 'member_expression' && child(f, 'property')?.text === 'div') {
      const o = child(f, 'object');
      const d = callArguments(n)[0];
      if (o && d && containsProduct(o)) return { numerator: o, denominator: d };
    }
  }
  return undefined;
}

function containsProduct(n: SyntaxNode): boolean {
  const u = unparen(n);
  if (u.type === 'binary_expression' && operatorOf(u) === '*') return true;
  if (u.type === 'call_expression') {
    const f = child(u, 'function');
    return f?.type === 'member_expression' && child(f, 'property')?.text === 'mul';
  }
  return false;
}

function feeVariableAt(m: SyntaxNode, scope: Scope, locals: Set<string>): StateVariable | undefined {
  let name: string | undefined;
  if (m.type === 'identifier' && m.field !== 'property' && m.field !== 'function') name = m.text;
  if (!name || locals.has(name)) return undefined;
  const v = scope.stateVariable(name);
  if (!v || v.isConstant || v.type.mapping) return undefined;
  return isUintType(v.type) || !/^(address|bool|string|bytes)/.test(v.type.text) ? v : undefined;
}
