/**
 * Executes an entry point abstractly: walks its modifiers and body in order, inlining
 * internal, library and `super` calls with their arguments bound, and records state
 * writes, reads, external calls, guards and branch conditions. Branches whose condition
 * is decided by what is known (`from == address(0)` when `from` is the zero address)
 * are pruned, so `_mint` through OpenZeppelin 5's `_update` is seen as a mint only.
 */
import type { FunctionModel, StateVariable, TypeInfo } from './program.ts';
import type { Scope } from './scope.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import { callArguments, child, isMember, operatorOf, unparen, visit } from './syntax-helpers.ts';
import { Env, isZero, typeTextOf, UNKNOWN, type Sym } from './symbolic.ts';
import { evaluate, type EvalContext } from './evaluate.ts';
import type { CallKind, ExternalCall, Guard, PathCondition, Summary, WriteOp } from './summary.ts';
import { isStoragePointerDeclaration, lowLevelKind, programStructs, walkAssembly } from './classify.ts';

const MAX_INLINE_DEPTH = 10;
/** Nodes visited per entry point before the summary is cut short (and marked truncated). */
const WORK_BUDGET = 60_000;

interface Frame {
  readonly fn: FunctionModel;
  readonly viaModifier: FunctionModel | undefined;
  /** For modifiers: what `_` runs. */
  readonly placeholder: (() => void) | undefined;
  /**
   * Whether returning from this function ends the entry point's work: the entry itself,
   * or a helper whose call is followed (in every caller up the stack) only by `return`s
   * and events. An early `return` in a helper that is not a tail ends only the helper.
   */
  readonly tail: boolean;
  /** Depth of {@link Executor.quiet} when the frame began. */
  readonly quietBase: number;
}

export function summarize(scope: Scope, entry: FunctionModel): Summary {
  const ex = new Executor(scope, entry);
  ex.runEntry();
  return ex.summary;
}

class Executor {
  readonly summary: Summary;
  private seq = 0;
  private work = 0;
  private loopDepth = 0;
  private readonly path: PathCondition[] = [];
  private readonly stack: Frame[] = [];
  private readonly active = new Set<FunctionModel>();
  /** Per enclosing statement: whether only `return`s and events follow it in its block. */
  private readonly quiet: boolean[] = [];
  /** The tail flag of the next function invoked (set by `inline`). */
  private nextTail = true;

  constructor(
    private readonly scope: Scope,
    private readonly entry: FunctionModel,
  ) {
    this.summary = {
      contract: scope.contract,
      entry,
      writes: [],
      reads: new Set(),
      calls: [],
      guards: [],
      branches: [],
      reached: new Set(),
      arithmetic: [],
      usesTxOrigin: [],
      truncated: false,
    };
  }

  runEntry(): void {
    const env = new Env();
    this.entry.params.forEach((p, index) => env.values.set(p.name, { k: 'param', index, name: p.name, fn: this.entry }));
    this.invoke(this.entry, env, undefined);
  }

  private get frame(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private cx(): EvalContext {
    return { scope: this.scope, fn: this.frame.fn };
  }

  /** Runs a function: its modifiers wrap its body through `_`. */
  private invoke(fn: FunctionModel, env: Env, viaModifier: FunctionModel | undefined): void {
    if (this.active.has(fn) || this.stack.length > MAX_INLINE_DEPTH) return;
    this.active.add(fn);
    this.summary.reached.add(fn);
    const tail = this.nextTail;
    this.nextTail = true;
    const mods = fn.kind === 'modifier' ? [] : fn.modifiers;
    const runBody = (): void => {
      this.stack.push({ fn, viaModifier, placeholder: undefined, tail, quietBase: this.quiet.length });
      if (fn.body) this.block(fn.body, env);
      this.stack.pop();
    };
    const runFrom = (i: number): void => {
      if (i >= mods.length) return runBody();
      const call = mods[i]!;
      const mod = this.scope.modifier(call.name);
      if (!mod?.body) return runFrom(i + 1);
      const menv = new Env();
      mod.params.forEach((p, k) => {
        menv.values.set(p.name, call.args[k] ? evaluate(call.args[k]!, env, { scope: this.scope, fn }) : UNKNOWN);
        // The argument expression too (`onlyPayloadSize(3 * 32)`), so checks can fold it.
        if (call.args[k]) menv.origins.set(p.name, { node: call.args[k]!, env });
      });
      this.summary.reached.add(mod);
      this.stack.push({ fn: mod, viaModifier: mod, placeholder: () => runFrom(i + 1), tail, quietBase: this.quiet.length });
      this.block(mod.body, menv);
      this.stack.pop();
    };
    runFrom(0);
    this.active.delete(fn);
  }

  private tick(): boolean {
    if (++this.work > WORK_BUDGET) {
      this.summary.truncated = true;
      return false;
    }
    return true;
  }

  private block(node: SyntaxNode, env: Env): void {
    const pathDepth = this.path.length;
    const stmts = node.children;
    const quietAfter = quietSuffixes(stmts);
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i]!;
      if (!this.tick()) break;
      this.quiet.push(quietAfter[i]!);
      this.statement(s, env);
      this.quiet.pop();
      // `if (c) { …; return; }` with no else: what follows in the block runs under `!c`
      // (also a bare early return in a helper whose caller goes on after it).
      const cond = s.type === 'if_statement' ? child(s, 'condition') : undefined;
      const arms = cond ? s.children.filter((c) => c.field === 'body') : [];
      if (cond && arms.length === 1 && endsInExit(arms[0]!) && (!returnsOnly(arms[0]!) || !this.frame.tail) && !revertsOnly(arms[0]!)) {
        this.path.push({ cond, positive: false, env, fn: this.frame.fn, afterExit: true });
      }
    }
    this.path.length = pathDepth;
  }

  private statement(s: SyntaxNode, env: Env): void {
    switch (s.type) {
      case 'block_statement':
      case 'function_body':
        return this.block(s, env);
      case 'expression_statement': {
        const e = s.children[0];
        if (e?.type === 'identifier' && e.text === '_' && this.frame.placeholder) return this.frame.placeholder();
        if (e) this.expr(e, env, false);
        return;
      }
      case 'variable_declaration_statement':
        return this.declare(s, env);
      case 'if_statement':
        return this.ifStatement(s, env);
      case 'for_statement':
      case 'while_statement':
      case 'do_while_statement':
        return this.loop(s, env);
      case 'return_statement':
      case 'emit_statement':
        for (const c of s.children) this.expr(c, env, true);
        return;
      case 'revert_statement':
        for (const c of s.children) this.expr(c, env, true);
        return;
      case 'try_statement':
        for (const c of s.children) {
          if (c.type === 'catch_clause' || c.type === 'block_statement') this.block(c, new Env(env));
          else this.expr(c, env, true);
        }
        return;
      case 'assembly_statement':
        return this.assembly(s, env);
      default:
        for (const c of s.children) this.statement(c, env);
    }
  }

  private declare(s: SyntaxNode, env: Env): void {
    const value = child(s, 'value');
    if (value) this.expr(value, env, true);
    const decl = s.children.find((c) => c.type === 'variable_declaration');
    if (decl) {
      const name = child(decl, 'name')?.text;
      if (!name) return;
      const sym = value ? evaluate(value, env, this.cx()) : UNKNOWN;
      const isStorage = isStoragePointerDeclaration(decl, value, (n) => this.stateOf(n, env), programStructs(this.scope.program));
      if (isStorage && sym.k === 'state') env.storage.set(name, sym);
      // A memory copy of a state value does not track later writes to the variable.
      else env.values.set(name, sym.k === 'state' && !isStorage ? UNKNOWN : sym);
      if (value) env.aliases.set(name, value);
      return;
    }
    const tuple = s.children.find((c) => c.type === 'variable_declaration_tuple');
    for (const d of tuple?.children ?? []) {
      const name = child(d, 'name')?.text;
      if (name) env.values.set(name, UNKNOWN);
    }
  }

  private ifStatement(s: SyntaxNode, env: Env): void {
    const cond = child(s, 'condition');
    // The grammar labels both arms `body` (and the `else` keyword `else`).
    const arms = s.children.filter((c) => c.field === 'body');
    const body = arms[0];
    const alt = arms[1];
    if (!cond) return;
    this.expr(cond, env, true);
    this.summary.branches.push({ fn: this.frame.fn, node: s, seq: this.seq++, cond, env });
    const decided = this.decide(cond, env);
    if (body && !alt && revertsOnly(body)) {
      this.pushGuard(cond, false, env, s);
      return;
    }
    // `if (frozen[from]) return false;`: nothing after it runs when the condition holds —
    // in the entry point. In a helper the caller goes on after (`_takeFee` returning early
    // for exempt senders), the rest of the helper runs under `!c` (see `block`).
    if (body && !alt && returnsOnly(body)) {
      if (this.frame.tail) this.pushGuard(cond, false, env, s);
      return;
    }
    // `if (ok) { …move… } else { return false; }` and `else throw;`: the work runs only under `ok`.
    if (body && alt && (returnsOnly(alt) || revertsOnly(alt)) && !returnsOnly(body) && !revertsOnly(body)) {
      this.pushGuard(cond, true, env, s);
      this.statement(body, env);
      return;
    }
    // `function f() { if (msg.sender == owner) { … } }`: a body that is one `if` does
    // nothing unless the condition holds, like `require(c); …`. Only where returning ends
    // the entry's work: a helper `_check(from) { if (from != pair) require(…); }` skips its
    // body when the condition fails and its caller goes on, so the condition is a branch.
    const fnBody = this.frame.fn.body;
    if (body && !alt && this.frame.tail && fnBody && fnBody.children.length === 1 && fnBody.children[0] === s) {
      this.pushGuard(cond, true, env, s);
      this.statement(body, env);
      return;
    }
    // A modifier's `if (msg.sender == owner) _;`: the function body runs only under the condition.
    if (body && !alt && this.frame.placeholder && runsPlaceholderOnly(body)) {
      this.pushGuard(cond, true, env, s);
      this.statement(body, env);
      return;
    }
    if (decided !== false && body) this.branch(cond, true, body, env);
    if (decided !== true && alt) this.branch(cond, false, alt, env);
  }

  private branch(cond: SyntaxNode, positive: boolean, body: SyntaxNode, env: Env): void {
    const inner = new Env(env);
    narrow(cond, positive, inner);
    this.path.push({ cond, positive, env, fn: this.frame.fn });
    this.statement(body, inner);
    this.path.pop();
  }

  private loop(s: SyntaxNode, env: Env): void {
    this.loopDepth++;
    // A helper called in a loop body never ends the entry point by returning.
    this.quiet.push(false);
    const inner = new Env(env);
    for (const c of s.children) {
      if (c.type === 'variable_declaration_statement') this.declare(c, inner);
      else if (c.field === 'body' || c.type === 'block_statement') this.statement(c, inner);
      else this.expr(c, inner, true);
    }
    this.quiet.pop();
    this.loopDepth--;
  }

  /** Decides `x == address(0)`-style conditions from what is known. */
  private decide(cond: SyntaxNode, env: Env): boolean | undefined {
    const c = unparen(cond);
    if (c.type === 'unary_expression' && operatorOf(c) === '!') {
      const inner = this.decide(c.children[1]!, env);
      return inner === undefined ? undefined : !inner;
    }
    if (c.type !== 'binary_expression') return undefined;
    const op = operatorOf(c);
    if (op !== '==' && op !== '!=') return undefined;
    const l = child(c, 'left');
    const r = child(c, 'right');
    if (!l || !r) return undefined;
    const ls = evaluate(l, env, this.cx());
    const rs = evaluate(r, env, this.cx());
    let zeroSide: Sym | undefined;
    let other: SyntaxNode | undefined;
    if (isZero(rs) === true) [zeroSide, other] = [ls, l];
    else if (isZero(ls) === true) [zeroSide, other] = [rs, r];
    if (!zeroSide || !other) return undefined;
    let z = isZero(zeroSide);
    if (z === undefined && other.type === 'identifier' && env.nonZero.has(other.text)) z = false;
    if (z === undefined) return undefined;
    return op === '==' ? z : !z;
  }

  private pushGuard(cond: SyntaxNode, positive: boolean, env: Env, node: SyntaxNode): void {
    const guard: Guard = {
      fn: this.frame.fn,
      node,
      seq: this.seq++,
      cond,
      positive,
      env,
      path: [...this.path],
      viaModifier: this.frame.viaModifier,
    };
    this.summary.guards.push(guard);
    narrow(cond, positive, env);
  }

  /** Walks an expression in evaluation order; `used` tells whether its value is consumed. */
  private expr(e: SyntaxNode, env: Env, used: boolean): void {
    if (!this.tick()) return;
    switch (e.type) {
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        const right = child(e, 'right');
        if (right) this.expr(right, env, true);
        const left = child(e, 'left');
        if (left) this.assign(left, e, env);
        return;
      }
      case 'update_expression': {
        const arg = child(e, 'argument');
        if (arg) this.write(arg, operatorOf(e) === '--' ? 'dec' : 'inc', undefined, e, env);
        return;
      }
      case 'unary_expression':
        if (operatorOf(e) === 'delete') {
          const arg = child(e, 'argument');
          if (arg) this.write(arg, 'delete', undefined, e, env);
          return;
        }
        break;
      case 'call_expression':
        return this.call(e, env, used);
      case 'identifier':
        this.read(e.text, env);
        return;
      case 'member_expression':
        if (isMember(e, 'tx', 'origin')) this.summary.usesTxOrigin.push({ fn: this.frame.fn, node: e, seq: this.seq++ });
        break;
      case 'binary_expression': {
        const op = operatorOf(e);
        if (op === '*' || op === '/') this.summary.arithmetic.push({ node: e, fn: this.frame.fn, env });
        break;
      }
      default:
        break;
    }
    for (const c of e.children) if (c.field !== 'operator' && c.field !== 'property') this.expr(c, env, true);
  }

  private read(name: string, env: Env): void {
    if (env.values.has(name)) return;
    const ptr = env.storage.get(name);
    if (ptr?.k === 'state') {
      this.summary.reads.add(ptr.v);
      return;
    }
    if (this.frame.fn.contract.kind === 'library') return;
    const v = this.scope.stateVariable(name);
    if (v) this.summary.reads.add(v);
  }

  private assign(left: SyntaxNode, e: SyntaxNode, env: Env): void {
    const l = unparen(left);
    if (l.type === 'tuple_expression') {
      for (const c of l.children) this.assign(c, e, env);
      return;
    }
    const op = operatorOf(e);
    const right = child(e, 'right');
    let kind: WriteOp = 'set';
    if (e.type === 'augmented_assignment_expression') kind = op === '+=' ? 'inc' : op === '-=' ? 'dec' : 'set';
    else if (right) kind = directionOf(l, right, env, this.scope, (n) => typeTextOf(evaluate(n, env, this.cx())));
    this.write(l, kind, right, e, env);
    // A plain local assignment updates what we know about the local.
    if (l.type === 'identifier' && env.values.has(l.text) && right) {
      env.values.set(l.text, evaluate(right, env, this.cx()));
      env.aliases.set(l.text, right);
    }
  }

  private write(target: SyntaxNode, op: WriteOp, valueNode: SyntaxNode | undefined, node: SyntaxNode, env: Env): void {
    const lv = lvalueOf(target, env, this);
    if (!lv) return;
    let value = valueNode ? evaluate(valueNode, env, this.cx()) : UNKNOWN;
    let finalOp = op;
    // MiniMe-style checkpoints: `checkpoints[i].value = uint128(previous + amount)`.
    if (op === 'set' && valueNode && isCheckpointLedger(lv.v)) finalOp = checkpointDirection(valueNode, env, 0) ?? op;
    if (op === 'set' && isZero(value) === true) finalOp = 'delete';
    if (op === 'delete') value = { k: 'zero' };
    this.summary.writes.push({
      fn: this.frame.fn,
      node,
      seq: this.seq++,
      v: lv.v,
      keys: lv.keys,
      ...(lv.field ? { field: lv.field } : {}),
      op: finalOp,
      value,
      valueNode,
      env,
      inLoop: this.loopDepth > 0,
      path: [...this.path],
    });
  }

  /** @internal used by lvalueOf */
  lookupVar(name: string, env: Env): { v: StateVariable; keys: Sym[] } | undefined {
    if (env.values.has(name)) return undefined;
    const ptr = env.storage.get(name);
    if (ptr?.k === 'state') return { v: ptr.v, keys: [...ptr.keys] };
    if (this.frame.fn.contract.kind === 'library') return undefined;
    const v = this.scope.stateVariable(name);
    return v && !v.isConstant ? { v, keys: [] } : undefined;
  }

  /** Whether every statement enclosing the current one in this frame is followed only by quiet ones. */
  private quietSinceFrame(): boolean {
    for (let i = this.frame.quietBase; i < this.quiet.length; i++) if (!this.quiet[i]) return false;
    return true;
  }

  /** A state variable a name means here (not a local, not from a library's own code). */
  private stateOf(name: string, env: Env): StateVariable | undefined {
    if (env.values.has(name) || env.storage.has(name) || this.frame.fn.contract.kind === 'library') return undefined;
    return this.scope.stateVariable(name);
  }

  /** @internal */
  evalKey(node: SyntaxNode, env: Env): Sym {
    return evaluate(node, env, this.cx());
  }

  private call(e: SyntaxNode, env: Env, used: boolean): void {
    let f = child(e, 'function');
    const args = callArguments(e);
    let hasValue = false;
    if (f?.type === 'struct_expression') {
      hasValue = f.children.some((c) => c.type === 'struct_field_assignment' && child(c, 'name')?.text === 'value');
      for (const c of f.children)
        if (c.type === 'struct_field_assignment') {
          const v = child(c, 'value');
          if (v) this.expr(v, env, true);
        }
      f = child(f, 'type');
    }
    if (!f) return;
    f = unparen(f);
    for (const a of args) this.expr(a, env, true);
    if (f.type === 'identifier') return this.plainCall(f.text, e, args, env);
    if (f.type === 'member_expression') return this.memberCall(f, e, args, env, used, hasValue);
    if (f.type === 'new_expression') return this.recordCall('create', 'new', undefined, e, args, env, used, hasValue);
    this.expr(f, env, true);
  }

  private plainCall(name: string, e: SyntaxNode, args: SyntaxNode[], env: Env): void {
    if ((name === 'require' || name === 'assert') && args[0]) {
      this.pushGuard(args[0], true, env, e);
      return;
    }
    if (name === 'selfdestruct' || name === 'suicide') {
      this.recordCall('selfdestruct', name, args[0], e, args, env, true, false);
      return;
    }
    if (name === 'revert' || name === 'keccak256' || name === 'abi') return;
    const callee = this.scope.func(name, args.length);
    if (callee) this.inline(callee, args, env, undefined);
  }

  private memberCall(f: SyntaxNode, e: SyntaxNode, args: SyntaxNode[], env: Env, used: boolean, hasValue: boolean): void {
    const object = child(f, 'object');
    const name = child(f, 'property')?.text ?? '';
    if (!object) return;
    const o = unparen(object);
    if (o.type === 'identifier' && o.text === 'super') {
      const callee = this.scope.func(name, args.length, this.frame.fn.contract);
      if (callee) this.inline(callee, args, env, undefined);
      return;
    }
    if (o.type === 'identifier' && !env.values.has(o.text) && !env.storage.has(o.text) && !this.scope.stateVariable(o.text)) {
      const named = this.scope.contractNamed(o.text);
      if (named?.kind === 'library') {
        const callee = named.functions.find((fn) => fn.name === name && fn.params.length === args.length && fn.body);
        if (callee) this.inline(callee, args, env, undefined);
        return;
      }
      // `Base.f(x)` calls a base contract's version internally.
      if (named && this.scope.contract.linearization.includes(named)) {
        const callee = named.functions.find((fn) => fn.name === name && fn.params.length === args.length && fn.body);
        if (callee) this.inline(callee, args, env, undefined);
        return;
      }
      // Anything else named without a variable is a type (`MyType.wrap`), a global or unknown: not a call out.
      return;
    }
    this.expr(o, env, true);
    const receiver = evaluate(o, env, this.cx());
    if (receiver.k === 'state' && (name === 'push' || name === 'pop') && isArrayTyped(receiver)) {
      const pushed = name === 'push' && args[0] && isCheckpointLedger(receiver.v) ? checkpointDirection(args[0], env, 0) : undefined;
      this.summary.writes.push({
        fn: this.frame.fn,
        node: e,
        seq: this.seq++,
        v: receiver.v,
        keys: receiver.keys,
        op: pushed ?? name,
        value: args[0] ? evaluate(args[0], env, this.cx()) : UNKNOWN,
        valueNode: args[0],
        env,
        inLoop: this.loopDepth > 0,
        path: [...this.path],
      });
      return;
    }
    const low = lowLevelKind(name, args.length);
    if (low) return this.recordCall(low, name, o, e, args, env, used, hasValue);
    // Members of values (`x.sub(y)` through an unresolved using-for, `s.length`) are not calls out.
    if (isValueTyped(receiver)) {
      const viaUsingValue = this.scope.usingFor(name, args.length, typeTextOf(receiver));
      if (viaUsingValue) this.inline(viaUsingValue, [o, ...args], env, undefined);
      return;
    }
    const viaUsing = this.scope.usingFor(name, args.length, typeTextOf(receiver));
    if (viaUsing && viaUsing.contract.kind === 'library' && !isContractTyped(o, env, this.scope)) {
      this.inline(viaUsing, [o, ...args], env, undefined);
      return;
    }
    this.recordCall('external', name, o, e, args, env, used, hasValue);
  }

  private recordCall(
    kind: CallKind,
    name: string,
    target: SyntaxNode | undefined,
    node: SyntaxNode,
    args: SyntaxNode[],
    env: Env,
    used: boolean,
    hasValue: boolean,
    inAssembly = false,
  ): void {
    const cx = this.cx();
    const call: ExternalCall = {
      fn: this.frame.fn,
      node,
      seq: this.seq++,
      kind,
      name,
      target: target ? evaluate(target, env, cx) : UNKNOWN,
      targetNode: target,
      args,
      argSyms: args.map((a) => evaluate(a, env, cx)),
      hasValue,
      resultUsed: used,
      env,
      inAssembly,
    };
    this.summary.calls.push(call);
  }

  private inline(callee: FunctionModel, args: SyntaxNode[], env: Env, viaModifier: FunctionModel | undefined): void {
    const inner = new Env();
    const cx = this.cx();
    callee.params.forEach((p, i) => {
      const a = args[i];
      if (!a) return inner.values.set(p.name, UNKNOWN);
      const sym = evaluate(a, env, cx);
      inner.values.set(p.name, sym);
      if (a.type === 'identifier' && env.nonZero.has(a.text)) inner.nonZero.add(p.name);
      // Storage references passed to library functions keep pointing at the state variable.
      if (sym.k === 'state') inner.storage.set(p.name, sym);
      inner.origins.set(p.name, { node: a, env });
    });
    this.nextTail = this.frame.tail && this.quietSinceFrame();
    this.invoke(callee, inner, viaModifier ?? this.frame.viaModifier);
  }

  /** Inline assembly: storage slots, `caller()` checks and calls, read by the shared walk. */
  private assembly(s: SyntaxNode, env: Env): void {
    walkAssembly(s, env, this.cx(), {
      read: (slot) => {
        this.summary.reads.add(slot.v);
      },
      write: (slot, op, valueNode, node) => {
        this.summary.writes.push({
          fn: this.frame.fn,
          node,
          seq: this.seq++,
          v: slot.v,
          keys: slot.keys,
          op,
          value: op === 'delete' ? { k: 'zero' } : valueNode ? evaluate(valueNode, env, this.cx()) : UNKNOWN,
          valueNode,
          env,
          inLoop: this.loopDepth > 0,
          path: [...this.path],
        });
      },
      call: (kind, name, node) => this.recordCall(kind, name, undefined, node, [], env, true, name === 'call' || name === 'callcode', true),
      guard: (cond, positive, node) => this.pushGuard(cond, positive, env, node),
      branch: (cond, positive, run) => {
        if (cond) this.path.push({ cond, positive, env, fn: this.frame.fn });
        run();
        if (cond) this.path.pop();
      },
      loop: (run) => {
        this.loopDepth++;
        run();
        this.loopDepth--;
      },
      origin: (node) => this.summary.usesTxOrigin.push({ fn: this.frame.fn, node, seq: this.seq++ }),
    });
  }
}

/** A state array (or an array inside a mapping or struct): `push`/`pop` write it. */
function isArrayTyped(sym: Sym): boolean {
  if (sym.k !== 'state') return false;
  let type: TypeInfo | undefined = sym.v.type;
  for (let i = 0; i < sym.keys.length && type?.mapping; i++) type = type.mapping.value;
  return !type?.mapping && (type?.isArray === true || !/^(u?int\d*|bool|address( payable)?|bytes\d*|string)$/.test(type?.text ?? ''));
}

/** A receiver whose static type is a plain value (number, bool, bytes, string, struct field). */
function isValueTyped(sym: Sym): boolean {
  let type: TypeInfo | undefined;
  if (sym.k === 'state') {
    type = sym.v.type;
    for (let i = 0; i < sym.keys.length && type?.mapping; i++) type = type.mapping.value;
  } else if (sym.k === 'param') {
    type = sym.fn.params[sym.index]?.type;
  } else if (sym.k === 'literal') {
    // `IRegistry(0x…).check(a)`: an address written into the code is a contract called out.
    return !/^0x[0-9a-f]{40}$/i.test(sym.text);
  }
  return !!type && /^(u?int\d*|bool|bytes\d*|string)$/.test(type.text);
}

function isContractTyped(o: SyntaxNode, env: Env, scope: Scope): boolean {
  if (o.type === 'call_expression') {
    const f = child(o, 'function');
    return !!f && f.type === 'identifier' && !!scope.contractNamed(f.text) && scope.contractNamed(f.text)!.kind !== 'library';
  }
  if (o.type === 'identifier') {
    const v = env.values.has(o.text) ? undefined : scope.stateVariable(o.text);
    return !!v && !!scope.contractNamed(v.type.text);
  }
  return false;
}

/** `if (...) revert(...)`, `if (...) { revert X(); }`, `if (...) throw;` */
function revertsOnly(body: SyntaxNode): boolean {
  const stmts = body.type === 'block_statement' ? body.children : [body];
  const last = stmts[stmts.length - 1];
  if (!last) return false;
  if (last.type === 'revert_statement') return true;
  if (last.type === 'expression_statement') {
    const c = last.children[0];
    if (c?.type === 'call_expression' && child(c, 'function')?.text === 'revert') return true;
    if (c?.type === 'call_expression' && child(c, 'function')?.text === 'require') {
      const a = callArguments(c)[0];
      return a?.type === 'boolean_literal' && a.text === 'false';
    }
  }
  return last.type === 'throw_statement' || last.text === 'throw;';
}

/**
 * `return;`, `return false;`, `return 0;`: a bare early exit (not `return _other(…)`).
 * Events before it change nothing: `{ emit Transfer(from, to, v); return true; }` skips
 * the ledger update as silently as a bare `return true;`.
 */
function returnsOnly(body: SyntaxNode): boolean {
  const stmts = (body.type === 'block_statement' ? body.children : [body]).filter((s) => s.type !== 'emit_statement');
  if (stmts.length !== 1 || stmts[0]!.type !== 'return_statement') return false;
  const value = stmts[0]!.children[0];
  if (!value) return true;
  const v = unparen(value);
  return v.type === 'boolean_literal' || v.type === 'number_literal';
}

/** `mapping(address => Checkpoint[])`: a ledger kept as a history of values per holder. */
function isCheckpointLedger(v: StateVariable): boolean {
  const value = v.type.mapping && /^address/.test(v.type.mapping.key) ? v.type.mapping.value : undefined;
  return !!value && value.isArray;
}

/**
 * Whether a checkpoint's new value is the old one plus or minus something: follows casts,
 * struct construction, locals and the arguments of inlined helpers to a `+` or `-`.
 */
function checkpointDirection(node: SyntaxNode, env: Env, depth: number): WriteOp | undefined {
  if (depth > 5) return undefined;
  const n = unparen(node);
  if (n.type === 'binary_expression') {
    const op = operatorOf(n);
    return op === '+' ? 'inc' : op === '-' ? 'dec' : undefined;
  }
  if (n.type === 'identifier') {
    const alias = env.aliases.get(n.text);
    if (alias) return checkpointDirection(alias, env, depth + 1);
    const origin = env.origins.get(n.text);
    return origin ? checkpointDirection(origin.node, origin.env, depth + 1) : undefined;
  }
  if (n.type === 'call_expression' || n.type === 'type_cast_expression') {
    // `uint128(x)`, `Checkpoint({fromBlock: b, value: x})`: the arguments, or the struct fields.
    const found = new Set<WriteOp>();
    for (const arg of n.children.filter((c) => c.type === 'call_argument')) {
      for (const part of arg.children) {
        const value = part.type === 'call_struct_argument' ? child(part, 'value') : part;
        const d = value ? checkpointDirection(value, env, depth + 1) : undefined;
        if (d) found.add(d);
      }
    }
    return found.size === 1 ? [...found][0] : undefined;
  }
  return undefined;
}

/**
 * For each statement of a block, whether only quiet statements follow it: one backward
 * pass, where asking each statement about its own suffix would be quadratic in long blocks.
 */
function quietSuffixes(stmts: readonly SyntaxNode[]): boolean[] {
  const out = new Array<boolean>(stmts.length);
  let quiet = true;
  for (let i = stmts.length - 1; i >= 0; i--) {
    out[i] = quiet;
    quiet = quiet && isQuiet(stmts[i]!);
  }
  return out;
}

/** A statement after which nothing happens but a plain `return` or an event. */
function isQuiet(s: SyntaxNode): boolean {
  if (s.type === 'emit_statement') return true;
  if (s.type !== 'return_statement') return false;
  const value = s.children[0];
  if (!value) return true;
  const v = unparen(value);
  return v.type === 'boolean_literal' || v.type === 'number_literal' || v.type === 'identifier';
}

/** A block whose last statement returns or reverts. */
function endsInExit(body: SyntaxNode): boolean {
  const stmts = body.type === 'block_statement' ? body.children : [body];
  const last = stmts[stmts.length - 1];
  return !!last && (last.type === 'return_statement' || revertsOnly(last));
}

/** A block that is just the modifier placeholder `_;`. */
function runsPlaceholderOnly(body: SyntaxNode): boolean {
  const stmts = body.type === 'block_statement' ? body.children : [body];
  return stmts.length === 1 && stmts[0]!.type === 'expression_statement' && stmts[0]!.children[0]?.text === '_';
}

/** After `require(x != address(0))` (or inside `if (x != address(0))`), x is non-zero. */
function narrow(cond: SyntaxNode, positive: boolean, env: Env): void {
  const c = unparen(cond);
  if (c.type !== 'binary_expression') return;
  const op = operatorOf(c);
  if (op === '&&' && positive) {
    for (const side of [child(c, 'left'), child(c, 'right')]) if (side) narrow(side, true, env);
    return;
  }
  const nonZeroWhen = op === '!=' ? positive : op === '==' ? !positive : undefined;
  if (!nonZeroWhen) return;
  const l = child(c, 'left');
  const r = child(c, 'right');
  if (l?.type === 'identifier' && r && isZeroExpr(r)) env.nonZero.add(l.text);
  if (r?.type === 'identifier' && l && isZeroExpr(l)) env.nonZero.add(r.text);
}

function isZeroExpr(n: SyntaxNode): boolean {
  const u = unparen(n);
  if (u.type === 'number_literal' || u.type === 'hex_number') return /^0x0*$|^0$/i.test(u.text);
  if (u.type === 'call_expression' || u.type === 'type_cast_expression') {
    const a = callArguments(u)[0];
    const callee = child(u, 'function') ?? u.children[0];
    return !!a && /^0x0*$|^0$/i.test(unparen(a).text) && /^(address|payable)$/.test(callee?.text ?? '');
  }
  return false;
}

interface LvalueHost {
  lookupVar(name: string, env: Env): { v: StateVariable; keys: Sym[] } | undefined;
  evalKey(node: SyntaxNode, env: Env): Sym;
}

/** The state variable (and index keys) an assignment target writes, if any. */
function lvalueOf(target: SyntaxNode, env: Env, host: LvalueHost): { v: StateVariable; keys: Sym[]; field?: string } | undefined {
  const t = unparen(target);
  switch (t.type) {
    case 'identifier':
      return host.lookupVar(t.text, env);
    case 'array_access': {
      const base = child(t, 'base');
      const index = child(t, 'index');
      const inner = base ? lvalueOf(base, env, host) : undefined;
      if (!inner) return undefined;
      return { v: inner.v, keys: [...inner.keys, index ? host.evalKey(index, env) : UNKNOWN] };
    }
    case 'member_expression': {
      const object = child(t, 'object');
      const inner = object ? lvalueOf(object, env, host) : undefined;
      const property = child(t, 'property')?.text;
      return inner && !inner.field && property ? { ...inner, field: property } : inner;
    }
    default:
      return undefined;
  }
}

/**
 * `x = x + a`, `x = x.add(a)`, `x = add(x, a)`, `x = SafeMath.sub(x, a)`, `x = xBalance - a`
 * (a local copy of x) → inc or dec. A helper counts by what its body does with its two
 * operands (DSMath `add`, hand-written `safeAdd`), by its name only when it cannot be read.
 */
function directionOf(left: SyntaxNode, right: SyntaxNode, env: Env, scope: Scope, typeOf: (n: SyntaxNode) => string | undefined): WriteOp {
  const base = baseName(left);
  if (!base) return 'set';
  const r = unparen(right);
  let op = '';
  let first: SyntaxNode | undefined;
  if (r.type === 'binary_expression') {
    op = operatorOf(r);
    first = child(r, 'left');
  } else if (r.type === 'call_expression') {
    const f = child(r, 'function');
    const args = callArguments(r);
    if (f?.type === 'member_expression' && args.length === 1) {
      const p = child(f, 'property')?.text ?? '';
      const object = child(f, 'object');
      const libName = object?.type === 'identifier' ? object.text : '';
      const lib = libName && !env.values.has(libName) ? scope.contractNamed(libName) : undefined;
      if (lib?.kind === 'library') {
        // `SafeMath.add(x)` never has one argument; a receiver call is `x.add(a)`.
        op = '';
      } else {
        op = helperOperator(object ? scope.usingFor(p, 1, typeOf(object)) : undefined, p);
        first = object;
      }
    } else if (f?.type === 'member_expression' && args.length === 2) {
      const p = child(f, 'property')?.text ?? '';
      const object = child(f, 'object');
      const lib = object?.type === 'identifier' ? scope.contractNamed(object.text) : undefined;
      const callee = lib?.kind === 'library' ? lib.functions.find((fn) => fn.name === p && fn.params.length === 2 && fn.body) : undefined;
      op = helperOperator(callee, p);
      first = args[0];
    } else if (f?.type === 'identifier' && args.length === 2) {
      op = helperOperator(scope.func(f.text, 2), f.text);
      first = args[0];
    }
  }
  if ((op !== '+' && op !== '-') || !first) return 'set';
  return mentions(first, base, env, 0) ? (op === '+' ? 'inc' : 'dec') : 'set';
}

const helperCache = new WeakMap<FunctionModel, string>();

/** What a two-operand arithmetic helper computes: '+', '-' or '' (anything else). */
function helperOperator(fn: FunctionModel | undefined, name: string): string {
  if (!fn?.body || fn.params.length !== 2) {
    if (/^(safe)?add$|^plus$|^add(ition)?safe$/i.test(name)) return '+';
    if (/^(safe)?sub$|^minus$|^sub(traction)?safe$/i.test(name)) return '-';
    return '';
  }
  const cached = helperCache.get(fn);
  if (cached !== undefined) return cached;
  const [a, b] = [fn.params[0]!.name, fn.params[1]!.name];
  const ops = new Set<string>();
  visit(fn.body, (n) => {
    if (n.type !== 'binary_expression') return true;
    const op = operatorOf(n);
    if (op !== '+' && op !== '-') return true;
    const l = child(n, 'left');
    const r = child(n, 'right');
    if (l && r && unparen(l).text === a && unparen(r).text === b) ops.add(op);
    return true;
  });
  const result = ops.size === 1 ? [...ops][0]! : '';
  helperCache.set(fn, result);
  return result;
}

function baseName(n: SyntaxNode): string | undefined {
  const u = unparen(n);
  if (u.type === 'identifier') return u.text;
  const b = child(u, 'base') ?? child(u, 'object');
  return b ? baseName(b) : undefined;
}

function mentions(n: SyntaxNode, name: string, env: Env, depth: number): boolean {
  const stack = [n];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x.type === 'identifier') {
      if (x.text === name) return true;
      const alias = env.aliases.get(x.text);
      if (alias && depth < 3 && mentions(alias, name, env, depth + 1)) return true;
    }
    for (const c of x.children) stack.push(c);
  }
  return false;
}
