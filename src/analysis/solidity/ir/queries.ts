/**
 * Questions detectors ask the IR beyond effects: whether a stored call result is ever
 * looked at, which conditions a function branches or reverts on, whether a condition
 * mentions a global, and a per-program scope for function-level visitors.
 */
import type { FunctionModel, Program } from '../program.ts';
import { scopeFor, type Scope } from '../scope.ts';
import type { SyntaxNode } from '../syntax-tree.ts';
import { child, operatorOf, unparen } from '../syntax-helpers.ts';
import { yulArgs, yulCallee } from '../yul.ts';
import type { CallSite, FunctionIR } from './cfg.ts';

/** The scope a function is read in when no deployable contract is in view: its own contract's. */
export function declarationScope(program: Program, fn: FunctionModel): Scope {
  return scopeFor(program, fn.contract);
}

/**
 * Whether the call's success is looked at: used where it is produced (`require(a.send(x))`,
 * `if (!ok)`, `return a.call(d)`), or stored in a local that is read afterwards.
 */
export function resultChecked(call: CallSite, ir: FunctionIR): boolean {
  if (call.result.k === 'used') return true;
  if (call.result.k === 'dropped') return false;
  // Only the first local of `(bool ok, bytes memory data) = ...` holds the success flag.
  const flag = call.result.locals[0];
  return flag !== undefined && flag !== '' && readAfter(flag, call.node.end, ir.fn.body);
}

/** Whether `name` is read (not declared or assigned) after offset `from` in `body`. */
function readAfter(name: string, from: number, body: SyntaxNode | undefined): boolean {
  if (!body) return false;
  let found = false;
  const walk = (n: SyntaxNode, parent: SyntaxNode | undefined): void => {
    if (found || n.end <= from) return;
    if (n.type === 'identifier' && n.text === name && n.start >= from) {
      const declared = parent?.type === 'variable_declaration' && n.field === 'name';
      const assigned = parent?.type === 'assignment_expression' && n.field === 'left';
      if (!declared && !assigned) found = true;
      return;
    }
    for (const c of n.children) walk(c, n);
  };
  walk(body, undefined);
  return found;
}

/** Conditions the function tests: `require`/`assert` arguments and `if`/loop conditions, with the node to report. */
export function conditionsOf(ir: FunctionIR): { cond: SyntaxNode; at: SyntaxNode }[] {
  const out: { cond: SyntaxNode; at: SyntaxNode }[] = [];
  for (const node of ir.nodes) {
    if (node.kind === 'cond' && node.cond) out.push({ cond: node.cond, at: node.cond });
    for (const op of node.ops) if (op.k === 'guard') out.push({ cond: op.cond, at: op.node });
  }
  return out;
}

export function isTxOrigin(n: SyntaxNode): boolean {
  const u = unparen(n);
  return u.type === 'member_expression' && child(u, 'object')?.text === 'tx' && child(u, 'property')?.text === 'origin';
}

export function isMsgSender(n: SyntaxNode): boolean {
  const u = unparen(n);
  return u.type === 'member_expression' && child(u, 'object')?.text === 'msg' && child(u, 'property')?.text === 'sender';
}

/**
 * `tx.origin` used to decide who may proceed: compared with anything but `msg.sender`
 * (an owner variable, a parameter, a constant) or used as a key (`allowed[tx.origin]`).
 * `tx.origin == msg.sender` only tells an account from a contract.
 */
export function originAuthorizes(cond: SyntaxNode): boolean {
  let found = false;
  const walk = (n: SyntaxNode): void => {
    if (found) return;
    const u = unparen(n);
    if (u.type === 'binary_expression' && (operatorOf(u) === '==' || operatorOf(u) === '!=')) {
      const l = child(u, 'left');
      const r = child(u, 'right');
      if (l && r && ((isTxOrigin(l) && !isMsgSender(r)) || (isTxOrigin(r) && !isMsgSender(l)))) {
        found = true;
        return;
      }
      if (l && r && (isTxOrigin(l) || isTxOrigin(r))) return;
    }
    // Inline assembly: `eq(origin(), sload(o.slot))`, but not `eq(origin(), caller())`.
    if (u.type === 'yul_function_call' && yulCallee(u) === 'eq') {
      const [l, r] = yulArgs(u);
      const is = (x: SyntaxNode | undefined, name: string): boolean => x?.type === 'yul_function_call' && yulCallee(x) === name;
      if ((is(l, 'origin') && !is(r, 'caller')) || (is(r, 'origin') && !is(l, 'caller'))) {
        found = true;
        return;
      }
    }
    if (u.type === 'array_access') {
      const index = child(u, 'index');
      if (index && isTxOrigin(index)) {
        found = true;
        return;
      }
    }
    if (u.type === 'call_expression') {
      // `isOwner(tx.origin)`, `hasRole(ROLE, tx.origin)`
      for (const a of u.children) if (a.type === 'call_argument' && a.children[0] && isTxOrigin(a.children[0])) found = true;
    }
    for (const c of u.children) walk(c);
  };
  walk(cond);
  return found;
}

/**
 * Whether some path from the function's entry reaches the call without passing a
 * condition (an `if`/loop test, a `require`/`assert` before it in the same statement).
 */
export function reachedUnconditionally(call: CallSite, ir: FunctionIR): boolean {
  const target = ir.nodes.find((n) => n.ops.some((op) => op.k === 'call' && op.call === call));
  if (!target) return false;
  const seen = new Set<number>([ir.entry]);
  const work: number[] = [ir.entry];
  while (work.length > 0) {
    const id = work.pop()!;
    const node = ir.nodes[id]!;
    if (id === target.id) {
      for (const op of node.ops) {
        if (op.k === 'call' && op.call === call) return true;
        if (op.k === 'guard') return false;
      }
      return false;
    }
    if (node.kind === 'cond' || node.ops.some((op) => op.k === 'guard')) continue;
    for (const e of node.succ) {
      if (!seen.has(e.to)) {
        seen.add(e.to);
        work.push(e.to);
      }
    }
  }
  return false;
}

/**
 * Whether an amount is tied to what the caller is owed or paid: it reads a mapping or
 * array entry (`balances[msg.sender]`), a state variable the contract keeps (a jackpot)
 * or `msg.value`, directly or through locals. A literal, a parameter or the whole
 * balance is not.
 */
export function amountIsEntitlement(
  amount: SyntaxNode,
  body: SyntaxNode | undefined,
  isState: (name: string) => boolean,
  depth = 0,
): boolean {
  let found = false;
  const walk = (n: SyntaxNode): void => {
    if (found) return;
    const u = unparen(n);
    if (u.type === 'array_access') {
      found = true;
      return;
    }
    if (u.type === 'member_expression' && child(u, 'object')?.text === 'msg' && child(u, 'property')?.text === 'value') {
      found = true;
      return;
    }
    // A state variable (a jackpot, a recorded reward) is an amount the contract accounts for.
    if (u.type === 'identifier' && isState(u.text)) {
      found = true;
      return;
    }
    if (u.type === 'identifier' && body && depth < 4) {
      for (const init of initializersOf(u.text, body)) if (amountIsEntitlement(init, body, isState, depth + 1)) found = true;
      return;
    }
    // A call computing the amount (`pendingOf(msg.sender)`, `calc(x)`) may well be an entitlement.
    if (u.type === 'call_expression') {
      const f = child(u, 'function');
      if (f && !/^(uint\d*|int\d*|address|payable)$/.test(f.text)) {
        found = true;
        return;
      }
    }
    for (const c of u.children) walk(c);
  };
  walk(amount);
  return found;
}

/** The values a local receives in `body`: its initialiser and right-hand sides of assignments to it. */
function initializersOf(name: string, body: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const walk = (n: SyntaxNode): void => {
    if (n.type === 'variable_declaration_statement') {
      const decl = n.children.find((c) => c.type === 'variable_declaration');
      const value = child(n, 'value');
      if (decl && child(decl, 'name')?.text === name && value) out.push(value);
    } else if (n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression') {
      const l = child(n, 'left');
      const r = child(n, 'right');
      if (l?.type === 'identifier' && l.text === name && r) out.push(r);
    }
    for (const c of n.children) walk(c);
  };
  walk(body);
  return out;
}

/** Block values miners or validators choose or can predict: `block.timestamp`, `now`, `blockhash`, `block.number`, `block.difficulty`… */
export function isBlockValue(n: SyntaxNode): boolean {
  const u = unparen(n);
  if (u.type === 'identifier') return u.text === 'now';
  if (u.type === 'member_expression') {
    return (
      child(u, 'object')?.text === 'block' &&
      /^(timestamp|number|difficulty|prevrandao|coinbase|gaslimit)$/.test(child(u, 'property')?.text ?? '')
    );
  }
  if (u.type === 'call_expression') {
    const f = child(u, 'function');
    return f?.text === 'blockhash' || (f?.type === 'member_expression' && child(f, 'property')?.text === 'blockhash');
  }
  return false;
}

export function isTimestamp(n: SyntaxNode): boolean {
  const u = unparen(n);
  return (
    (u.type === 'identifier' && u.text === 'now') ||
    (u.type === 'member_expression' && child(u, 'object')?.text === 'block' && child(u, 'property')?.text === 'timestamp')
  );
}

/** Whether `expr` contains a node satisfying `test`, directly or through locals assigned in `body`. */
export function dependsOn(
  expr: SyntaxNode,
  body: SyntaxNode | undefined,
  test: (n: SyntaxNode) => boolean,
  locals: ReadonlySet<string>,
  depth = 0,
): boolean {
  let found = false;
  const walk = (n: SyntaxNode): void => {
    if (found) return;
    if (test(n)) {
      found = true;
      return;
    }
    if (n.type === 'identifier' && body && depth < 3 && locals.has(n.text)) {
      for (const init of initializersOf(n.text, body)) if (dependsOn(init, body, test, locals, depth + 1)) found = true;
      return;
    }
    for (const c of n.children) walk(c);
  };
  walk(expr);
  return found;
}
