/**
 * Outside gates: a call to another contract on the transfer path whose answer decides a
 * `require` (or an `if … revert`, an early exit) or a ledger write, made to an address
 * written into the code, fixed at deployment or replaceable by a privileged function.
 * The transfer's outcome then belongs to whoever controls that address: a rule that is
 * not in the token's source. Calls that send ETH (fee payouts), low-level calls whose
 * flag is checked, calls to the market pair or to a party of the transfer are not gates.
 */
import { writtenOpenly, type ContractAnalysis, type Entry } from './contract-analysis.ts';
import type { FunctionModel, StateVariable } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { ExternalCall } from './summary.ts';
import type { Env } from './symbolic.ts';
import { privilegedWrites } from './transfer-rules.ts';
import { marketOf } from './market.ts';
import { visit } from './syntax-helpers.ts';

export interface OutsideGate {
  readonly call: ExternalCall;
  /** Where the answer is used: the guard, or the branch around a ledger write. */
  readonly at: { readonly fn: FunctionModel; readonly node: SyntaxNode };
  /** `hard-coded`, `deployment` (set once by a constructor) or `owner` (a privileged setter). */
  readonly holder: 'hard-coded' | 'deployment' | 'owner';
  readonly v: StateVariable | undefined;
  readonly setters: Entry[];
  /** `check`: the answer decides whether the transfer (or its balance update) happens; `amount`: how much a holder's balance moves by. */
  readonly decides: 'check' | 'amount';
}

export function outsideGates(a: ContractAnalysis): OutsideGate[] {
  const token = a.token;
  if (!token) return [];
  const market = marketOf(a);
  const out: OutsideGate[] = [];
  const seen = new Set<SyntaxNode>();
  const calls = token.calls.filter((c) => (c.kind === 'external' || c.kind === 'staticcall') && !c.hasValue && c.resultUsed);
  if (calls.length === 0) return out;
  const consider = (fn: FunctionModel, cond: SyntaxNode, env: Env, at: SyntaxNode, kind: OutsideGate['decides']): void => {
    if (seen.has(at)) return;
    for (const call of calls) {
      if (!decides(call, fn, cond, env)) continue;
      const holder = holderOf(call, a, market?.pairs);
      if (!holder) continue;
      seen.add(at);
      out.push({ call, at: { fn, node: at }, ...holder, decides: kind });
      return;
    }
  };
  for (const rule of token.rules) consider(rule.guard.fn, rule.guard.cond, rule.guard.env, rule.guard.node, 'check');
  for (const e of token.transferEntries) {
    for (const w of e.summary.writes) {
      // A holder's balance (the sender's or the receiver's), not the contract's own swap account.
      if (!token.isLedger(w) || !w.keys[0] || !token.isParty(w.keys[0])) continue;
      for (const p of w.path) consider(p.fn, p.cond, p.env, p.cond, 'check');
      // `balances[to] += amount - amount * IFees(f).feeOf(from, to) / 10000`: the answer is the
      // share the holder loses (all of it, or a revert when it passes the amount).
      if (w.valueNode) consider(w.fn, w.valueNode, w.env, w.node, 'amount');
    }
  }
  return out;
}

/**
 * The call's node lies inside the expression, or inside the initialiser of a local the
 * expression reads, followed through locals computed from locals
 * (`fee = oracle.feeOf(…); cut = amount * fee / 100; balances[to] += amount - cut`).
 */
function decides(call: ExternalCall, fn: FunctionModel, expr: SyntaxNode, env: Env): boolean {
  if (call.fn !== fn) return false;
  const inside = (n: SyntaxNode): boolean => n.start <= call.node.start && call.node.end <= n.end;
  const followed = new Set<SyntaxNode>();
  const reads = (n: SyntaxNode): boolean => {
    if (inside(n)) return true;
    let found = false;
    visit(n, (m) => {
      if (found) return false;
      if (m.type === 'identifier') {
        const alias = env.aliases.get(m.text);
        if (alias && !followed.has(alias)) {
          followed.add(alias);
          found = reads(alias);
        }
      }
      return !found;
    });
    return found;
  };
  return reads(expr);
}

function holderOf(
  call: ExternalCall,
  a: ContractAnalysis,
  pairs: ReadonlySet<StateVariable> | undefined,
): Pick<OutsideGate, 'holder' | 'v' | 'setters'> | undefined {
  const t = call.target;
  if (t.k === 'literal' && /^0x[0-9a-f]{40}$/i.test(t.text)) return { holder: 'hard-coded', v: undefined, setters: [] };
  if (t.k !== 'state' || t.keys.length > 0 || t.v.type.mapping || pairs?.has(t.v)) return undefined;
  const v = t.v;
  if (v.isConstant) return { holder: 'hard-coded', v, setters: [] };
  // A variable anyone may rewrite is someone else's problem (and another finding's).
  if (writtenOpenly(a, v)) return undefined;
  const setters = privilegedWrites(a, new Set([v])).map((x) => x.entry);
  if (setters.length > 0) return { holder: 'owner', v, setters };
  return { holder: 'deployment', v, setters: [] };
}
