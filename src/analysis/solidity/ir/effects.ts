/**
 * What a function does to state, transitively through the internal calls it makes, and
 * which state writes and events follow an external call that can re-enter on some path
 * of its control-flow graph: a forward "calls made so far" data-flow over the CFG, with
 * internal calls replaced by their callee's effects.
 */
import type { FunctionModel, StateVariable } from '../program.ts';
import { declarationsAnywhere } from '../call-target.ts';
import type { Scope } from '../scope.ts';
import type { SyntaxNode } from '../syntax-tree.ts';
import { child, unparen } from '../syntax-helpers.ts';
import { functionIR, type CallSite, type FunctionIR } from './cfg.ts';

export interface StateWrite {
  readonly v: StateVariable;
  readonly node: SyntaxNode;
  readonly fn: FunctionModel;
}

export interface EventUse {
  readonly name: string;
  readonly node: SyntaxNode;
  readonly fn: FunctionModel;
}

/** A state write or event that follows a call able to re-enter, on some path. */
export interface AfterCall {
  readonly call: CallSite;
  readonly write?: StateWrite;
  readonly event?: EventUse;
}

export interface Effects {
  /** Calls that can re-enter, made by the function or its internal callees. */
  readonly reentrantCalls: CallSite[];
  readonly writes: StateWrite[];
  /** State variables read by the function or its internal callees. */
  readonly reads: Set<StateVariable>;
  readonly events: EventUse[];
  readonly afterCall: AfterCall[];
}

const EMPTY: Effects = { reentrantCalls: [], writes: [], reads: new Set(), events: [], afterCall: [] };
const cache = new WeakMap<Scope, Map<FunctionModel, Effects | 'running'>>();

/** The function's effects in the context of one most-derived contract (cached; recursion reads as empty). */
export function effectsOf(scope: Scope, fn: FunctionModel): Effects {
  let byFn = cache.get(scope);
  if (!byFn) {
    byFn = new Map();
    cache.set(scope, byFn);
  }
  const hit = byFn.get(fn);
  if (hit === 'running') return EMPTY;
  if (hit) return hit;
  byFn.set(fn, 'running');
  const effects = compute(scope, functionIR(scope, fn));
  byFn.set(fn, effects);
  return effects;
}

/**
 * A call that hands control to code someone other than the deployer may choose, with gas
 * to act: a low-level `call` (whatever the target), or a high-level call that sends ETH
 * or whose receiver is not a fixed state variable (a parameter, `msg.sender`, a map
 * element, a local). `send`/`transfer` forward 2,300 gas, too little to write state;
 * `staticcall` cannot write; calls to `view`/`pure` declarations cannot change anything.
 */
export function canReenter(call: CallSite, scope: Scope): boolean {
  let known = reentrant.get(call);
  if (known === undefined) {
    known = decideReentrant(call, scope);
    reentrant.set(call, known);
  }
  return known;
}

/** Call sites belong to one scope's IR, so the answer can be kept on the site. */
const reentrant = new WeakMap<CallSite, boolean>();

function decideReentrant(call: CallSite, scope: Scope): boolean {
  if (call.kind === 'call') return true;
  if (call.kind !== 'external' || !call.target) return false;
  if (isReadOnly(call, scope)) return false;
  if (call.sendsEth) return true;
  const root = receiverRoot(call.target);
  if (root.type === 'identifier' && root.text === 'this') return false;
  if (root.type === 'identifier' && !call.fn.params.some((p) => p.name === root.text)) {
    const v = scope.stateVariable(root.text);
    if (v && !v.type.mapping && !v.type.isArray && root === unparenCast(call.target)) return false;
  }
  return true;
}

/** `I(x)`, `payable(x)`, `address(x)` → `x`. */
function unparenCast(n: SyntaxNode): SyntaxNode {
  let t = unparen(n);
  for (let i = 0; i < 8; i++) {
    if (t.type !== 'call_expression' && t.type !== 'type_cast_expression') break;
    const args = t.children.filter((c) => c.type === 'call_argument');
    const f = child(t, 'function') ?? t.children[0];
    if (args.length !== 1 || !f || !/^([A-Z]\w*|address|payable)$/.test(f.text)) break;
    t = unparen(args[0]!.children[0] ?? t);
  }
  return t;
}

function receiverRoot(target: SyntaxNode): SyntaxNode {
  return unparenCast(target);
}

/** Every declaration of the callee on the receiver's type (or, unknown type, anywhere) is view/pure. */
function isReadOnly(call: CallSite, scope: Scope): boolean {
  const typeName = receiverTypeName(call, scope);
  const typed = typeName ? scope.contractNamed(typeName) : undefined;
  const candidates = typed
    ? typed.linearization.flatMap((c) => c.functions.filter((f) => f.name === call.name && f.params.length === call.args.length))
    : // Indexed once per program: searching every contract for each call was quadratic in a
      // folder of hundreds of files analysed as one program.
      declarationsAnywhere(scope.program, call.name, call.args.length);
  return candidates.length > 0 && candidates.every((f) => f.mutability === 'view' || f.mutability === 'pure');
}

function receiverTypeName(call: CallSite, scope: Scope): string | undefined {
  const t = call.target ? unparen(call.target) : undefined;
  if (!t) return undefined;
  if (t.type === 'call_expression') {
    const f = child(t, 'function');
    return f?.type === 'identifier' && scope.contractNamed(f.text) ? f.text : undefined;
  }
  if (t.type === 'identifier') {
    const p = call.fn.params.find((x) => x.name === t.text);
    return (p?.type.text ?? scope.stateVariable(t.text)?.type.text)?.split('.').pop();
  }
  return undefined;
}

function compute(scope: Scope, ir: FunctionIR): Effects {
  const reentrantCalls: CallSite[] = [];
  const writes: StateWrite[] = [];
  const reads = new Set<StateVariable>();
  const events: EventUse[] = [];
  const fn = ir.fn;
  // First pass: the function's own and its callees' effects, regardless of order.
  for (const node of ir.nodes) {
    for (const op of node.ops) {
      if (op.k === 'call' && canReenter(op.call, scope)) reentrantCalls.push(op.call);
      else if (op.k === 'write') writes.push({ v: op.v, node: op.node, fn });
      else if (op.k === 'read') reads.add(op.v);
      else if (op.k === 'event') events.push({ name: op.name, node: op.node, fn });
      else if (op.k === 'internal') {
        const inner = effectsOf(scope, op.callee);
        reentrantCalls.push(...inner.reentrantCalls);
        writes.push(...inner.writes);
        for (const v of inner.reads) reads.add(v);
        events.push(...inner.events);
      }
    }
  }
  const afterCall = reentrantCalls.length > 0 ? writesAfterCalls(scope, ir) : [];
  return { reentrantCalls, writes, reads, events, afterCall };
}

/** Forward data-flow: the set of re-entrant calls made on some path before each node. */
function writesAfterCalls(scope: Scope, ir: FunctionIR): AfterCall[] {
  const before = new Map<number, Set<CallSite>>();
  const out: AfterCall[] = [];
  const seen = new Set<string>();
  const emit = (made: ReadonlySet<CallSite>, item: Omit<AfterCall, 'call'>): void => {
    const call = earliest(made);
    const node = item.write?.node ?? item.event!.node;
    const key = `${call.node.start}:${node.start}:${node.end}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ call, ...item });
  };
  const transfer = (nodeId: number, made: Set<CallSite>, report: boolean): Set<CallSite> => {
    const cur = new Set(made);
    for (const op of ir.nodes[nodeId]!.ops) {
      if (op.k === 'call') {
        if (canReenter(op.call, scope)) cur.add(op.call);
      } else if (op.k === 'write') {
        if (report && cur.size > 0) emit(cur, { write: { v: op.v, node: op.node, fn: ir.fn } });
      } else if (op.k === 'event') {
        if (report && cur.size > 0) emit(cur, { event: { name: op.name, node: op.node, fn: ir.fn } });
      } else if (op.k === 'internal') {
        const inner = effectsOf(scope, op.callee);
        if (report) {
          for (const a of inner.afterCall) {
            const key = `${a.call.node.start}:${(a.write?.node ?? a.event!.node).start}:${(a.write?.node ?? a.event!.node).end}`;
            if (!seen.has(key)) {
              seen.add(key);
              out.push(a);
            }
          }
          if (cur.size > 0) {
            for (const w of inner.writes) emit(cur, { write: w });
            for (const e of inner.events) emit(cur, { event: e });
          }
        }
        for (const c of inner.reentrantCalls) cur.add(c);
      }
    }
    return cur;
  };
  // Fixpoint over the graph (sets only grow, bounded by the calls of the function).
  before.set(ir.entry, new Set());
  const work = [ir.entry as number];
  let steps = 0;
  while (work.length > 0 && steps++ < 20_000) {
    const id = work.pop()!;
    const after = transfer(id, before.get(id) ?? new Set(), false);
    for (const e of ir.nodes[id]!.succ) {
      const prev = before.get(e.to);
      if (!prev) {
        before.set(e.to, new Set(after));
        work.push(e.to);
        continue;
      }
      let grew = false;
      for (const c of after)
        if (!prev.has(c)) {
          prev.add(c);
          grew = true;
        }
      if (grew) work.push(e.to);
    }
  }
  for (const [id, made] of before) transfer(id, made, true);
  return out;
}

function earliest(calls: ReadonlySet<CallSite>): CallSite {
  let best: CallSite | undefined;
  for (const c of calls) if (!best || c.node.start < best.node.start) best = c;
  return best!;
}
