/**
 * The owner powers of each deployable token contract, for the simulator to exercise: every
 * privileged entry point that writes state the transfer path reads (a blacklist, a pause or
 * trading flag, a fee, a limit, a cooldown) or that writes the balance ledger (mint, balance
 * changes), with its ABI signature and line; the ledger variable (to seed balances from the
 * compiler's storage layout) and the trading switches (to open trading after launch).
 * Built only on ContractAnalysis/TokenModel; pure.
 */
import { stateVariablesOf, type ContractAnalysis, type Entry } from './solidity/contract-analysis.ts';
import type { SyntaxNode } from './solidity/syntax-tree.ts';
import type { FunctionModel, Parameter, StateVariable } from './solidity/program.ts';
import { lineOf } from './solidity/source-unit.ts';
import { addressMappingValue, isBoolType, isUintType } from './solidity/type-info.ts';
import { singleReturn } from './solidity/evaluate.ts';
import { unparen } from './solidity/syntax-helpers.ts';

export type TokenPowerKind =
  | 'authority'
  | 'pause'
  | 'trading-switch'
  | 'blacklist'
  | 'whitelist'
  | 'set-fees'
  | 'max-tx'
  | 'cooldown'
  | 'mint'
  | 'balance-change'
  | 'transfer-rule';

export interface TokenPowerParam {
  readonly name: string;
  /** ABI type (`uint256`, `address`, `address[]`, `bool`…); contract and interface types become `address`. */
  readonly type: string;
}

export interface TokenPower {
  readonly kind: TokenPowerKind;
  readonly function: string;
  /** ABI signature, e.g. `setFreeze(address,bool)`. */
  readonly signature: string;
  readonly params: readonly TokenPowerParam[];
  readonly file: string;
  readonly line: number;
  /** State variables the function writes that the transfer path reads (or the ledger). */
  readonly writes: readonly string[];
  /**
   * True when the transfer path is seen to read what it writes; false for a flag setter kept
   * as a candidate switch although the analysis did not see the transfer path read it.
   */
  readonly onTransferPath: boolean;
  /** False when a parameter has a type the simulator cannot fill (a struct or an enum). */
  readonly fillable: boolean;
}

export interface TokenPowersOfContract {
  readonly contract: string;
  readonly file: string;
  /** The balance mapping's name and the contract declaring it (for the compiler's storage layout); null when none. */
  readonly ledger: { readonly name: string; readonly contract: string } | null;
  readonly powers: readonly TokenPower[];
  /** Powers that can open trading after launch (trading-switch and pause kinds), most likely first. */
  readonly tradingSwitches: readonly TokenPower[];
  /**
   * Owner functions that name who else may act (`setReleaseAgent(address)`): an address
   * variable that guards other privileged functions. A switch guarded by such an agent
   * needs the agent set first.
   */
  readonly authoritySetters: readonly TokenPower[];
  /**
   * The state variable `owner()` and `totalSupply()` return as they are: a public variable of
   * that name, or a most-derived function whose body is only `return v;`. The watch follower
   * reads these at their storage slot instead of calling the view (src/watch/watch-plan.ts);
   * a view that computes anything (`return paused ? address(0) : _owner;`) is not named, so
   * the view is still called and what it answers is what is watched.
   */
  readonly views?: { readonly owner?: ViewVariable; readonly totalSupply?: ViewVariable };
}

/** A state variable by name and the contract declaring it (how the compiler's storage layout names it). */
export interface ViewVariable {
  readonly name: string;
  readonly contract: string;
}

/** Words a function that opens trading tends to carry in its name; used only to order candidates. */
const OPENS = /trad|launch|open|start|enable|live|unlock|unpause|resume|activ|go|release|raise|sale|swap/i;
const PAUSES = /pause|stop|halt|freeze|lock|disable/i;
const COOLDOWN = /cool|delay|interval|wait|time|block/i;
const LIMIT = /max|limit|cap|wallet|amount/i;
const WHITELIST = /white|allow|exclud|exempt|whale/i;

export function tokenPowers(analyses: readonly ContractAnalysis[]): TokenPowersOfContract[] {
  return analyses.filter((a) => a.token).map(powersOf);
}

function powersOf(a: ContractAnalysis): TokenPowersOfContract {
  const token = a.token!;
  const ledgerVar = [...token.ledgers][0];
  const powers: TokenPower[] = [];
  // Handing ownership over is not a power over holders, even where transfers exempt the owner.
  const transferVars = transferPathVariables(a);
  const owners = new Set([a.ownership.ownerVariable, ...a.ownership.otherAuthorities].filter((v): v is StateVariable => v !== undefined));
  for (const entry of a.entries) {
    if (!entry.privileged) continue;
    const power = classify(entry, token.ledgers, token.supply, transferVars, new Set(token.fees.map((f) => f.v)), owners);
    if (power) powers.push(power);
  }
  const tradingSwitches = powers
    .filter((p) => p.kind === 'trading-switch' || p.kind === 'pause')
    .filter((p) => p.params.every((x) => x.type === 'bool' || /^u?int\d*$/.test(x.type)))
    .sort((x, y) => switchRank(x) - switchRank(y));
  const agents = new Set(a.ownership.otherAuthorities);
  const authoritySetters = a.entries
    .filter(
      (e) =>
        e.privileged &&
        e.fn.params.some((p) => abiType(p) === 'address') &&
        e.fn.params.every((p) => ['address', 'bool'].includes(abiType(p))),
    )
    .filter((e) => e.summary.writes.some((w) => agents.has(w.v)))
    .map((e) => describePower(e.fn, 'authority', [...new Set(e.summary.writes.map((w) => w.v).filter((v) => agents.has(v)))], false));
  return {
    contract: a.contract.name,
    file: a.contract.unit.path,
    authoritySetters,
    ledger: ledgerVar ? { name: ledgerVar.name, contract: ledgerVar.contract.name } : null,
    powers,
    tradingSwitches,
    views: viewVariables(a),
  };
}

/** Which state variable each watched view returns unchanged, when one does. */
function viewVariables(a: ContractAnalysis): NonNullable<TokenPowersOfContract['views']> {
  const out: { owner?: ViewVariable; totalSupply?: ViewVariable } = {};
  for (const name of ['owner', 'totalSupply'] as const) {
    const v = returnedVariable(a, name);
    if (v) out[name] = { name: v.name, contract: v.contract.name };
  }
  return out;
}

function returnedVariable(a: ContractAnalysis, name: string): StateVariable | undefined {
  const fn = a.functions.find((f) => f.kind === 'function' && f.name === name && f.params.length === 0);
  const stored = (v: StateVariable) => !v.isConstant && !v.isImmutable && !v.type.mapping && !v.type.isArray;
  if (!fn) {
    // No such function: a public state variable's getter answers it (a function cannot override a variable).
    const v = stateVariablesOf(a.contract).find((s) => s.name === name && s.visibility === 'public');
    return v && stored(v) ? v : undefined;
  }
  // A modifier may revert or change what is answered: such a view is called as it is.
  if (fn.returns.length !== 1 || fn.modifiers.length > 0) return undefined;
  const returned = singleReturn(fn);
  const id = returned ? unparen(returned) : undefined;
  if (id?.type !== 'identifier') return undefined;
  // The name as the function's own contract sees it (a private variable of another base of the same name is not it).
  const v = stateVariablesOf(fn.contract).find((s) => s.name === id.text);
  return v && stored(v) ? v : undefined;
}

/**
 * State the transfer path depends on: what it reads, and the variables its guards name
 * (a `require(transferEnabled)` in a modifier counts even when the summary records no read).
 */
function transferPathVariables(a: ContractAnalysis): Set<StateVariable> {
  const token = a.token!;
  const out = new Set(token.reads);
  const byName = new Map<string, StateVariable>();
  for (const v of stateVariablesOf(a.contract)) if (!byName.has(v.name)) byName.set(v.name, v);
  const visit = (node: SyntaxNode): void => {
    if (node.type === 'identifier') {
      const v = byName.get(node.text);
      if (v) out.add(v);
    }
    for (const c of node.children) visit(c);
  };
  for (const entry of token.transferEntries) {
    for (const guard of entry.summary.guards) {
      visit(guard.cond);
      for (const p of guard.path) visit(p.cond);
    }
  }
  return out;
}

function switchRank(p: TokenPower): number {
  const opens = OPENS.test(p.function) ? 0 : 2;
  const pauses = /unpause/i.test(p.function) ? 0 : PAUSES.test(p.function) ? 1 : 0;
  return opens + pauses + p.params.length / 10;
}

function classify(
  entry: Entry,
  ledgers: ReadonlySet<StateVariable>,
  supply: ReadonlySet<StateVariable>,
  transferReads: ReadonlySet<StateVariable>,
  fees: ReadonlySet<StateVariable>,
  owners: ReadonlySet<StateVariable>,
): TokenPower | null {
  const { fn, summary } = entry;
  const written = new Set(summary.writes.map((w) => w.v).filter((v) => !owners.has(v)));
  const writesLedger = summary.writes.filter((w) => ledgers.has(w.v));
  const relevant = [...written].filter((v) => ledgers.has(v) || transferReads.has(v) || fees.has(v));
  if (relevant.length === 0) {
    // A flag setter (`enableTransfer()`, `setLive(bool)`) whose flag the model did not see the
    // transfer path read (a modifier it missed, an override it could not follow): still a
    // candidate switch, which the simulator keeps only when it changes what a trade does.
    const flags = [...written].filter((v) => isBoolType(v.type) && !v.type.mapping);
    if (flags.length === 0 || !fn.params.every((p) => abiType(p) === 'bool')) return null;
    return describePower(fn, PAUSES.test(fn.name) && !/unpause/i.test(fn.name) ? 'pause' : 'trading-switch', flags, false);
  }
  let kind: TokenPowerKind;
  if (writesLedger.length > 0) {
    const increasesSupply = summary.writes.some((w) => supply.has(w.v) && (w.op === 'inc' || w.op === 'set'));
    const onlyIncreases = writesLedger.every((w) => w.op === 'inc');
    kind = onlyIncreases && (increasesSupply || fn.params.some((p) => abiType(p) === 'uint256')) ? 'mint' : 'balance-change';
  } else if ([...written].some((v) => fees.has(v))) {
    kind = 'set-fees';
  } else {
    kind = ruleKind(fn, relevant);
  }
  return describePower(fn, kind, relevant, true);
}

function describePower(fn: FunctionModel, kind: TokenPowerKind, relevant: readonly StateVariable[], onTransferPath: boolean): TokenPower {
  return {
    kind,
    onTransferPath,
    function: fn.name,
    signature: `${fn.name}(${fn.params.map((p) => abiType(p)).join(',')})`,
    params: fn.params.map((p) => ({ name: p.name, type: abiType(p) })),
    file: fn.contract.unit.path,
    line: lineOf(fn.contract.unit, fn.node.start),
    writes: relevant.map((v) => v.name),
    fillable: fn.params.every((p) => abiType(p) !== ''),
  };
}

/** A variable the transfer path reads: what kind of restriction writing it is. */
function ruleKind(fn: FunctionModel, vars: readonly StateVariable[]): TokenPowerKind {
  const names = `${fn.name} ${vars.map((v) => v.name).join(' ')}`;
  const perAccount = vars.find((v) => addressMappingValue(v.type));
  if (perAccount) {
    const value = addressMappingValue(perAccount.type)!;
    if (isBoolType(value)) return WHITELIST.test(names) ? 'whitelist' : 'blacklist';
    if (isUintType(value)) return COOLDOWN.test(names) ? 'cooldown' : 'blacklist';
  }
  const flag = vars.find((v) => isBoolType(v.type));
  if (flag) return PAUSES.test(names) && !/unpause/i.test(fn.name) && !OPENS.test(fn.name) ? 'pause' : 'trading-switch';
  const number = vars.find((v) => isUintType(v.type));
  if (number) {
    if (COOLDOWN.test(names)) return /launch|start|open|trad/i.test(names) ? 'trading-switch' : 'cooldown';
    if (LIMIT.test(names)) return 'max-tx';
  }
  return 'transfer-rule';
}

/** The ABI type of a Solidity parameter type as written. */
export function abiType(p: Parameter): string {
  let t = p.type.text
    .replace(/\s+(memory|storage|calldata)$/, '')
    .replace(/\s+payable$/, '')
    .trim();
  const array = /(\[\d*\])+$/.exec(t)?.[0] ?? '';
  t = t.slice(0, t.length - array.length).trim();
  let base: string;
  if (t === 'uint') base = 'uint256';
  else if (t === 'int') base = 'int256';
  else if (t === 'byte') base = 'bytes1';
  else if (/^(u?int\d+|address|bool|string|bytes\d*)$/.test(t)) base = t;
  else if (/^[A-Z]/.test(t.split('.').pop() ?? ''))
    base = 'address'; // a contract or interface type
  else base = '';
  return base ? `${base}${array}` : '';
}
