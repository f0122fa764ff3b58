/**
 * Balance snapshots checked across a call that can re-enter: `before = t.balanceOf(this);
 * callee.pay(); require(t.balanceOf(this) - before >= n)`. The callee can re-enter and
 * move tokens in between, so a check built on the snapshot can pass on a stale value
 * (a mature analyzer's "reentrancy-balance"). Asked of the CFG: a local stored from a
 * `balanceOf` read (directly or through an internal helper that makes one), then, on
 * some path, a re-entrant call, then a guard or branch whose condition reads the local.
 */
import type { FunctionModel } from '../program.ts';
import type { Scope } from '../scope.ts';
import type { SyntaxNode } from '../syntax-tree.ts';
import { visit } from '../syntax-helpers.ts';
import { functionIR, type CallSite, type CfgNode, type FunctionIR } from './cfg.ts';
import { canReenter, effectsOf } from './effects.ts';

export interface StaleBalanceCheck {
  /** The statement that took the snapshot. */
  readonly snapshot: SyntaxNode;
  readonly local: string;
  readonly call: CallSite;
  /** The guard or branch condition that reads the snapshot after the call. */
  readonly check: SyntaxNode;
}

const BALANCE_READS = /^(balanceOf|getBalance)$/;

export function staleBalanceChecks(scope: Scope, fn: FunctionModel): StaleBalanceCheck[] {
  const ir = functionIR(scope, fn);
  const out: StaleBalanceCheck[] = [];
  for (const node of ir.nodes) {
    const local = snapshotLocal(scope, node);
    if (!local) continue;
    const found = firstCheckAfterCall(scope, ir, node.id, local);
    if (found) out.push({ snapshot: node.syntax!, local, call: found.call, check: found.check });
  }
  return out;
}

/** The local a declaration stores a balance read into, if this node is one. */
function snapshotLocal(scope: Scope, node: CfgNode): string | undefined {
  for (const op of node.ops) {
    if (op.k === 'call' && BALANCE_READS.test(op.call.name) && op.call.result.k === 'stored' && op.call.result.locals.length === 1)
      return op.call.result.locals[0];
  }
  // `uint before = getBalance();` where the helper reads a balance.
  const s = node.syntax;
  if (s?.type !== 'variable_declaration_statement') return undefined;
  const reads = node.ops.some((op) => op.k === 'internal' && functionIR(scope, op.callee).calls.some((c) => BALANCE_READS.test(c.name)));
  if (!reads) return undefined;
  const decl = s.children.find((c) => c.type === 'variable_declaration');
  return decl?.children.find((c) => c.field === 'name')?.text;
}

function reads(cond: SyntaxNode, local: string): boolean {
  let hit = false;
  visit(cond, (n) => {
    if (n.type === 'identifier' && n.text === local && n.field !== 'property') hit = true;
    return !hit;
  });
  return hit;
}

/** Breadth-first over (node, call made so far) from the snapshot; bounded by the graph. */
function firstCheckAfterCall(scope: Scope, ir: FunctionIR, from: number, local: string): { call: CallSite; check: SyntaxNode } | undefined {
  const seen = new Set<string>();
  const queue: { id: number; call: CallSite | undefined }[] = ir.nodes[from]!.succ.map((e) => ({ id: e.to, call: undefined }));
  while (queue.length > 0) {
    const { id, call: before } = queue.shift()!;
    const key = `${id}:${before ? 1 : 0}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const node = ir.nodes[id]!;
    let call = before;
    for (const op of node.ops) {
      if (call && op.k === 'guard' && reads(op.cond, local)) return { call, check: op.node };
      if (op.k === 'call' && canReenter(op.call, scope)) call ??= op.call;
      else if (op.k === 'internal') call ??= effectsOf(scope, op.callee).reentrantCalls[0];
    }
    if (call && node.kind === 'cond' && node.cond && reads(node.cond, local)) return { call, check: node.cond };
    // A new snapshot into the same local starts over.
    if (id !== from && snapshotLocal(scope, node) === local) continue;
    for (const e of node.succ) queue.push({ id: e.to, call });
  }
  return undefined;
}
