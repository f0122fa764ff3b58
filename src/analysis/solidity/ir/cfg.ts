/**
 * The intermediate representation under the generic detectors: per function, a control-
 * flow graph of statement nodes, each carrying the operations it performs in evaluation
 * order (state reads and writes, external and internal calls, events, guards, uses of
 * `tx.origin` and block values). Built from the compact syntax tree once per (scope,
 * function) and cached; the queries in `effects.ts` and `queries.ts` walk it.
 *
 * Every dialect from 0.4 to 0.8 lowers to the same operations: `a.call.value(v).gas(g)(d)`
 * and `a.call{value: v}(d)` are one low-level call that sends ETH, `throw` and
 * `if (c) revert()` end a path, `suicide` is `selfdestruct`, an event called without
 * `emit` is an event, `var x = ...` is a local.
 */
import type { ContractModel, FunctionModel, Program, StateVariable } from '../program.ts';
import type { Scope } from '../scope.ts';
import type { SyntaxNode } from '../syntax-tree.ts';
import type { CallKind, WriteOp } from '../summary.ts';
import { callArguments, child, operatorOf, unparen, visit } from '../syntax-helpers.ts';
import {
  augmentedWriteOp,
  isStoragePointerDeclaration,
  lowLevelKind,
  programStructs,
  storageParamsWritten,
  walkAssembly,
} from '../classify.ts';
import { Env, type Sym } from '../symbolic.ts';

/** What a call's return value becomes: dropped, tested where it is produced, or stored in locals. */
export type ResultUse = { readonly k: 'dropped' } | { readonly k: 'used' } | { readonly k: 'stored'; readonly locals: readonly string[] };

export interface CallSite {
  readonly kind: CallKind;
  /** Function name for high-level calls, the member (`call`, `send`…) for low-level ones. */
  readonly name: string;
  /** The whole call expression (for `a.call.value(v)()`, the outermost call). */
  readonly node: SyntaxNode;
  /** The receiver (`a` in `a.call(...)`), if any. */
  readonly target: SyntaxNode | undefined;
  readonly args: readonly SyntaxNode[];
  /** ETH is attached: `{value: v}`, `.value(v)`, `send`, `transfer`, `selfdestruct`. */
  readonly sendsEth: boolean;
  /** The ETH amount: `{value: v}`, `.value(v)`, the argument of `send`/`transfer`. */
  readonly value?: SyntaxNode;
  readonly result: ResultUse;
  readonly fn: FunctionModel;
}

export type Op =
  | { readonly k: 'read'; readonly v: StateVariable; readonly node: SyntaxNode }
  | { readonly k: 'write'; readonly v: StateVariable; readonly node: SyntaxNode; readonly op: WriteOp }
  | { readonly k: 'call'; readonly call: CallSite }
  | { readonly k: 'internal'; readonly callee: FunctionModel; readonly node: SyntaxNode }
  | { readonly k: 'event'; readonly name: string; readonly node: SyntaxNode }
  /** `require(cond)` / `assert(cond)`: execution continues only when `cond` holds. */
  | { readonly k: 'guard'; readonly cond: SyntaxNode; readonly node: SyntaxNode }
  | { readonly k: 'origin'; readonly node: SyntaxNode }
  | { readonly k: 'block-value'; readonly what: BlockValue; readonly node: SyntaxNode }
  | { readonly k: 'placeholder'; readonly node: SyntaxNode };

export type BlockValue = 'timestamp' | 'number' | 'blockhash' | 'difficulty' | 'coinbase' | 'gaslimit';

export type CfgNodeKind = 'entry' | 'exit' | 'revert' | 'stmt' | 'cond';

export interface Edge {
  readonly to: number;
  /** For edges out of a `cond` node: the value of the condition on this edge. */
  readonly when?: boolean;
}

export interface CfgNode {
  readonly id: number;
  readonly kind: CfgNodeKind;
  /** The statement (or condition) this node stands for; undefined for entry/exit/revert. */
  readonly syntax: SyntaxNode | undefined;
  readonly ops: Op[];
  readonly succ: Edge[];
  /** For `cond` nodes: the branch condition. */
  readonly cond?: SyntaxNode;
}

export interface FunctionIR {
  readonly fn: FunctionModel;
  readonly nodes: CfgNode[];
  /** Node ids: 0 entry, 1 normal exit (return or end of body), 2 revert. */
  readonly entry: 0;
  readonly exit: 1;
  readonly revert: 2;
  /** Locals and parameters by name (a state variable of the same name is shadowed). */
  readonly locals: ReadonlySet<string>;
  /** Every call site in the function, in source order. */
  readonly calls: CallSite[];
}

const cache = new WeakMap<Scope, Map<FunctionModel, FunctionIR>>();

/** The function's IR in the context of one most-derived contract (cached). */
export function functionIR(scope: Scope, fn: FunctionModel): FunctionIR {
  let byFn = cache.get(scope);
  if (!byFn) {
    byFn = new Map();
    cache.set(scope, byFn);
  }
  let ir = byFn.get(fn);
  if (!ir) {
    ir = new Lowering(scope, fn).run();
    byFn.set(fn, ir);
  }
  return ir;
}

/** Membership of an event name: all that the lowering asks of the events a function can fire. */
interface EventNames {
  has(name: string): boolean;
}

const eventCache = new WeakMap<Scope, Map<ContractModel, EventNames>>();

/**
 * Names a function of `owner` fires as events when it calls them: the events of the
 * scope's linearization, of every interface and of the owner. The same for every
 * function of one owner in one scope, so it is built once per pair instead of once per
 * function (a walk over every contract of the program, hundreds in flattened files).
 * The program's interface events stay one shared set, asked rather than copied: copying
 * them into every pair's set was quadratic in a folder of hundreds of files.
 */
function eventNames(scope: Scope, owner: ContractModel): EventNames {
  let byOwner = eventCache.get(scope);
  if (!byOwner) {
    byOwner = new Map();
    eventCache.set(scope, byOwner);
  }
  let names = byOwner.get(owner);
  if (!names) {
    const own = new Set(scope.contract.linearization.flatMap((c) => c.events));
    for (const e of owner.events) own.add(e);
    const ofInterfaces = interfaceEvents(scope.program);
    names = { has: (name) => own.has(name) || ofInterfaces.has(name) };
    byOwner.set(owner, names);
  }
  return names;
}

/**
 * Events declared by the program's interfaces, collected once per program: collecting them
 * for every (contract, owner) pair was quadratic in a folder of hundreds of files analysed
 * as one program.
 */
function interfaceEvents(program: Program): ReadonlySet<string> {
  let events = interfaceEventCache.get(program);
  if (!events) {
    events = new Set(program.contracts.filter((c) => c.kind === 'interface').flatMap((c) => c.events));
    interfaceEventCache.set(program, events);
  }
  return events;
}

const interfaceEventCache = new WeakMap<Program, ReadonlySet<string>>();

interface LoopContext {
  readonly breaks: number[];
  readonly continues: number[];
}

/** Members that turn `a.call` into a configured call: `.value(v)`, `.gas(g)`. */
const CALL_OPTIONS = new Set(['value', 'gas']);

class Lowering {
  private readonly nodes: CfgNode[] = [];
  private readonly loops: LoopContext[] = [];
  private readonly locals = new Set<string>();
  /** Storage pointers: `S storage s = m[k]` writes through to `m`. */
  private readonly storagePointers = new Map<string, StateVariable>();
  private readonly calls: CallSite[] = [];
  private readonly events: EventNames;

  constructor(
    private readonly scope: Scope,
    private readonly fn: FunctionModel,
  ) {
    for (const p of [...fn.params, ...fn.returns]) if (p.name) this.locals.add(p.name);
    if (fn.body) {
      visit(fn.body, (n) => {
        if (n.type === 'variable_declaration') {
          const name = child(n, 'name')?.text;
          if (name) this.locals.add(name);
        }
      });
    }
    this.events = eventNames(scope, fn.contract);
  }

  run(): FunctionIR {
    this.add('entry', undefined);
    this.add('exit', undefined);
    this.add('revert', undefined);
    const ends = this.fn.body ? this.statement(this.fn.body, [0]) : [0];
    this.link(ends, 1);
    return { fn: this.fn, nodes: this.nodes, entry: 0, exit: 1, revert: 2, locals: this.locals, calls: this.calls };
  }

  private add(kind: CfgNodeKind, syntax: SyntaxNode | undefined, cond?: SyntaxNode): CfgNode {
    const node: CfgNode = { id: this.nodes.length, kind, syntax, ops: [], succ: [], ...(cond ? { cond } : {}) };
    this.nodes.push(node);
    return node;
  }

  private link(from: readonly number[], to: number, when?: boolean): void {
    for (const f of from) this.nodes[f]!.succ.push(when === undefined ? { to } : { to, when });
  }

  /** A plain statement node holding the operations of `exprs`, linked after `from`. */
  private simple(s: SyntaxNode, from: readonly number[], exprs: readonly SyntaxNode[]): CfgNode {
    const node = this.add('stmt', s);
    this.link(from, node.id);
    for (const e of exprs) this.expr(e, node.ops, { k: 'used' });
    return node;
  }

  /** Lowers a statement reached from `from`; returns the nodes that fall through to what follows. */
  private statement(s: SyntaxNode, from: readonly number[]): number[] {
    switch (s.type) {
      case 'block_statement':
      case 'function_body':
      case 'unchecked_block': {
        let cur = [...from];
        for (const c of s.children) {
          if (cur.length === 0) break; // unreachable code after return/revert
          cur = this.statement(c, cur);
        }
        return cur;
      }
      case 'expression_statement':
        return this.expressionStatement(s, from);
      case 'variable_declaration_statement':
        return [this.declaration(s, from).id];
      case 'emit_statement': {
        const node = this.simple(s, from, []);
        for (const c of s.children) if (c.type === 'call_argument' && c.children[0]) this.expr(c.children[0], node.ops, { k: 'used' });
        const name = s.children.find((c) => c.field === 'name' || c.type === 'identifier' || c.type === 'member_expression');
        node.ops.push({ k: 'event', name: name?.text ?? '', node: s });
        return [node.id];
      }
      case 'if_statement':
        return this.ifStatement(s, from);
      case 'for_statement':
      case 'while_statement':
      case 'do_while_statement':
        return this.loop(s, from);
      case 'return_statement': {
        const node = this.simple(s, from, s.children);
        this.link([node.id], 1);
        return [];
      }
      case 'revert_statement': {
        const node = this.simple(
          s,
          from,
          s.children.filter((c) => c.type !== 'identifier' || c.field !== 'error'),
        );
        this.link([node.id], 2);
        return [];
      }
      case 'break_statement':
      case 'continue_statement': {
        const node = this.add('stmt', s);
        this.link(from, node.id);
        const loop = this.loops[this.loops.length - 1];
        if (loop) (s.type === 'break_statement' ? loop.breaks : loop.continues).push(node.id);
        return loop ? [] : [node.id];
      }
      case 'try_statement':
        return this.tryStatement(s, from);
      case 'assembly_statement':
        return [this.assembly(s, from).id];
      default: {
        if (s.type === 'throw_statement' || (s.children.length === 0 && s.text === 'throw')) {
          const node = this.add('stmt', s);
          this.link(from, node.id);
          this.link([node.id], 2);
          return [];
        }
        // Unknown statement kinds: keep their operations on the path.
        return [this.simple(s, from, s.children).id];
      }
    }
  }

  private expressionStatement(s: SyntaxNode, from: readonly number[]): number[] {
    const e = s.children[0];
    const node = this.add('stmt', s);
    this.link(from, node.id);
    if (!e) return [node.id];
    if (e.type === 'identifier' && e.text === '_') {
      node.ops.push({ k: 'placeholder', node: s });
      return [node.id];
    }
    if (e.type === 'identifier' && e.text === 'throw') {
      this.link([node.id], 2);
      return [];
    }
    this.expr(e, node.ops, { k: 'dropped' });
    if (e.type === 'call_expression') {
      const f = child(e, 'function');
      const name = f?.type === 'identifier' ? f.text : '';
      const arg = callArguments(e)[0];
      if (name === 'revert' || ((name === 'require' || name === 'assert') && arg?.type === 'boolean_literal' && arg.text === 'false')) {
        this.link([node.id], 2);
        return [];
      }
    }
    return [node.id];
  }

  private declaration(s: SyntaxNode, from: readonly number[]): CfgNode {
    const node = this.add('stmt', s);
    this.link(from, node.id);
    const value = child(s, 'value');
    const decl = s.children.find((c) => c.type === 'variable_declaration');
    const tuple = s.children.find((c) => c.type === 'variable_declaration_tuple');
    const names: string[] = [];
    if (decl) {
      const name = child(decl, 'name')?.text;
      if (name) names.push(name);
      const isStorage = isStoragePointerDeclaration(decl, value, (n) => this.stateVar(n), programStructs(this.scope.program));
      const base = value && isStorage ? this.stateBase(value) : undefined;
      if (name && base) this.storagePointers.set(name, base);
    }
    for (const d of tuple?.children ?? []) {
      const name = d.type === 'variable_declaration' ? child(d, 'name')?.text : undefined;
      if (name) names.push(name);
    }
    if (value) this.expr(value, node.ops, names.length > 0 ? { k: 'stored', locals: names } : { k: 'dropped' });
    return node;
  }

  private ifStatement(s: SyntaxNode, from: readonly number[]): number[] {
    const cond = child(s, 'condition');
    const arms = s.children.filter((c) => c.field === 'body');
    const node = this.add('cond', s, cond);
    this.link(from, node.id);
    if (cond) this.expr(cond, node.ops, { k: 'used' });
    const out: number[] = [];
    for (const [arm, when] of [
      [arms[0], true],
      [arms[1], false],
    ] as const) {
      // An empty node labels the edge, so each arm starts from a node of its own.
      const start = this.add('stmt', undefined);
      node.succ.push({ to: start.id, when });
      out.push(...(arm ? this.statement(arm, [start.id]) : [start.id]));
    }
    return out;
  }

  private loop(s: SyntaxNode, from: readonly number[]): number[] {
    let cur = [...from];
    const init = s.children.find((c) => c.field === 'initial' || (c.type === 'variable_declaration_statement' && c.field !== 'body'));
    if (init) cur = init.type === 'variable_declaration_statement' ? [this.declaration(init, cur).id] : this.statement(init, cur);
    const cond = child(s, 'condition');
    const update = child(s, 'update');
    const body = s.children.find((c) => c.field === 'body') ?? s.children.find((c) => c.type === 'block_statement');
    const head = this.add('cond', s, cond);
    if (cond) this.expr(cond, head.ops, { k: 'used' });
    const context: LoopContext = { breaks: [], continues: [] };
    this.loops.push(context);
    const bodyStart = this.add('stmt', undefined).id;
    const bodyEnds = body ? this.statement(body, [bodyStart]) : [bodyStart];
    this.loops.pop();
    let back = [...bodyEnds, ...context.continues];
    if (update) {
      const u = this.add('stmt', update);
      this.link(back, u.id);
      this.expr(update, u.ops, { k: 'dropped' });
      back = [u.id];
    }
    // A do-while runs its body first; the others test first.
    this.link(cur, s.type === 'do_while_statement' ? bodyStart : head.id);
    head.succ.push({ to: bodyStart, when: true });
    this.link(back, head.id);
    const exit = this.add('stmt', undefined);
    head.succ.push({ to: exit.id, when: false });
    this.link(context.breaks, exit.id);
    return [exit.id];
  }

  private tryStatement(s: SyntaxNode, from: readonly number[]): number[] {
    const node = this.add('stmt', s);
    this.link(from, node.id);
    const attempt = s.children.find((c) => c.field === 'attempt') ?? s.children.find((c) => c.type === 'call_expression');
    if (attempt) this.expr(attempt, node.ops, { k: 'used' });
    const out: number[] = [];
    for (const c of s.children) {
      if (c.type !== 'block_statement' && c.type !== 'catch_clause') continue;
      const body = c.type === 'catch_clause' ? c.children.find((x) => x.type === 'block_statement') : c;
      if (!body) continue;
      out.push(...this.statement(body, [node.id]));
    }
    return out.length > 0 ? out : [node.id];
  }

  /**
   * Inline assembly as one straight-line node: the shared walk's storage reads and
   * writes (`sload`/`sstore` of `x.slot`, of mapping entries), calls and `origin()`.
   * Its `revert` guards are `guard` operations (conditions the function tests) and its
   * branches are not split into CFG edges: every operation is taken as reached, which
   * over-approximates the writes after a call, as the data-flow wants.
   */
  private assembly(s: SyntaxNode, from: readonly number[]): CfgNode {
    const node = this.add('stmt', s);
    this.link(from, node.id);
    const env = new Env();
    // Parameters as themselves, so `sstore(s, add(sload(s), amount))` on `m[param]` reads as an increase.
    this.fn.params.forEach((p, index) => env.values.set(p.name, { k: 'param', index, name: p.name, fn: this.fn }));
    for (const [name, v] of this.storagePointers) env.storage.set(name, { k: 'state', v, keys: [] } satisfies Sym);
    walkAssembly(
      s,
      env,
      { scope: this.scope, fn: this.fn },
      {
        read: (slot, n) => node.ops.push({ k: 'read', v: slot.v, node: n }),
        write: (slot, op, _value, n) => node.ops.push({ k: 'write', v: slot.v, node: n, op }),
        call: (kind, name, n) => {
          const call: CallSite = {
            kind,
            name,
            node: n,
            target: undefined,
            args: [],
            sendsEth: name === 'call' || name === 'callcode' || kind === 'selfdestruct',
            result: { k: 'used' },
            fn: this.fn,
          };
          this.calls.push(call);
          node.ops.push({ k: 'call', call });
        },
        // Polarity is not kept: the IR's readers ask which conditions a function tests and
        // whether a call is reached past one, not which way they go.
        guard: (cond, _positive, n) => node.ops.push({ k: 'guard', cond, node: n }),
        branch: (_cond, _positive, run) => run(),
        loop: (run) => run(),
        origin: (n) => node.ops.push({ k: 'origin', node: n }),
      },
    );
    return node;
  }

  // ---------------------------------------------------------------- expressions

  /** Appends the operations of `e` in evaluation order; `use` says what happens to its value. */
  private expr(e: SyntaxNode, ops: Op[], use: ResultUse): void {
    switch (e.type) {
      case 'parenthesized_expression':
        for (const c of e.children) this.expr(c, ops, use);
        return;
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        const right = child(e, 'right');
        const left = child(e, 'left');
        const stored = left ? this.localTargets(left) : [];
        if (right) this.expr(right, ops, stored.length > 0 ? { k: 'stored', locals: stored } : { k: 'used' });
        if (left) this.assign(left, e, ops);
        return;
      }
      case 'update_expression': {
        const arg = child(e, 'argument');
        if (arg) {
          this.indexReads(arg, ops);
          this.writeTo(arg, operatorOf(e) === '--' ? 'dec' : 'inc', e, ops, true);
        }
        return;
      }
      case 'unary_expression': {
        const arg = child(e, 'argument');
        if (operatorOf(e) === 'delete' && arg) {
          this.indexReads(arg, ops);
          this.writeTo(arg, 'delete', e, ops, false);
          return;
        }
        break;
      }
      case 'call_expression':
        return this.call(e, ops, use);
      case 'identifier': {
        const v = this.stateVar(e.text);
        if (v) ops.push({ k: 'read', v, node: e });
        else if (e.text === 'now') ops.push({ k: 'block-value', what: 'timestamp', node: e });
        return;
      }
      case 'member_expression': {
        const what = memberGlobal(e);
        if (what === 'origin') {
          ops.push({ k: 'origin', node: e });
          return;
        }
        if (what) {
          ops.push({ k: 'block-value', what, node: e });
          return;
        }
        const object = child(e, 'object');
        if (object) this.expr(object, ops, { k: 'used' });
        return;
      }
      default:
        break;
    }
    for (const c of e.children) if (c.field !== 'operator') this.expr(c, ops, { k: 'used' });
  }

  /** Locals assigned by `x = ...` / `(a, b) = ...`, for call results stored in them. */
  private localTargets(left: SyntaxNode): string[] {
    const l = unparen(left);
    if (l.type === 'identifier' && this.locals.has(l.text)) return [l.text];
    if (l.type === 'tuple_expression') return l.children.flatMap((c) => this.localTargets(c));
    return [];
  }

  private assign(left: SyntaxNode, e: SyntaxNode, ops: Op[]): void {
    const l = unparen(left);
    if (l.type === 'tuple_expression') {
      for (const c of l.children) this.assign(c, e, ops);
      return;
    }
    this.indexReads(l, ops);
    this.writeTo(l, augmentedWriteOp(e), e, ops, e.type === 'augmented_assignment_expression');
  }

  /** Reads inside an lvalue's indexes and member objects (`m[k(x)]` evaluates `k(x)`). */
  private indexReads(target: SyntaxNode, ops: Op[]): void {
    const t = unparen(target);
    if (t.type === 'array_access') {
      const base = child(t, 'base');
      const index = child(t, 'index');
      if (base) this.indexReads(base, ops);
      if (index) this.expr(index, ops, { k: 'used' });
    } else if (t.type === 'member_expression') {
      const object = child(t, 'object');
      if (object) this.indexReads(object, ops);
    }
  }

  private writeTo(target: SyntaxNode, op: WriteOp, node: SyntaxNode, ops: Op[], alsoReads: boolean): void {
    const v = this.stateBase(target);
    if (!v) return;
    if (alsoReads) ops.push({ k: 'read', v, node: target });
    ops.push({ k: 'write', v, node, op });
  }

  /** The state variable an lvalue or storage expression lives in (`a.b[c].d` → `a`). */
  private stateBase(target: SyntaxNode): StateVariable | undefined {
    let t = unparen(target);
    for (let i = 0; i < 64; i++) {
      if (t.type === 'identifier') return this.storagePointers.get(t.text) ?? this.stateVar(t.text);
      if (t.type === 'array_access') t = unparen(child(t, 'base') ?? t);
      else if (t.type === 'member_expression') {
        const object = child(t, 'object');
        if (!object) return undefined;
        if (object.type === 'identifier' && object.text === 'this') return this.stateVar(child(t, 'property')?.text ?? '');
        t = unparen(object);
      } else return undefined;
    }
    return undefined;
  }

  private stateVar(name: string): StateVariable | undefined {
    if (this.locals.has(name) || this.fn.contract.kind === 'library') return undefined;
    const v = this.scope.stateVariable(name);
    return v && !v.isConstant ? v : undefined;
  }

  private call(e: SyntaxNode, ops: Op[], use: ResultUse): void {
    const args = callArguments(e);
    let f = child(e, 'function');
    let sendsEth = false;
    let value: SyntaxNode | undefined;
    // Peel call options: `{value: v, gas: g}` and the 0.4–0.6 `.value(v)` / `.gas(g)` layers.
    for (let i = 0; f && i < 8; i++) {
      f = unparen(f);
      if (f.type === 'struct_expression') {
        for (const c of f.children) {
          if (c.type !== 'struct_field_assignment') continue;
          const v = child(c, 'value');
          if (child(c, 'name')?.text === 'value') {
            sendsEth = true;
            value = v;
          }
          if (v) this.expr(v, ops, { k: 'used' });
        }
        f = child(f, 'type');
        continue;
      }
      if (f.type === 'call_expression') {
        const inner = child(f, 'function');
        const member = inner ? unparen(inner) : undefined;
        const prop = member?.type === 'member_expression' ? child(member, 'property')?.text : undefined;
        if (member && prop && CALL_OPTIONS.has(prop)) {
          if (prop === 'value') {
            sendsEth = true;
            value = callArguments(f)[0];
          }
          for (const a of callArguments(f)) this.expr(a, ops, { k: 'used' });
          f = child(member, 'object');
          continue;
        }
      }
      break;
    }
    if (!f) return;
    if (f.type === 'identifier') return this.plainCall(f.text, e, args, ops, use);
    if (f.type === 'member_expression') return this.memberCall(f, e, args, ops, use, sendsEth, value);
    if (f.type === 'new_expression') {
      for (const a of args) this.expr(a, ops, { k: 'used' });
      this.pushCall({ kind: 'create', name: 'new', node: e, target: undefined, args, sendsEth, result: use, fn: this.fn }, ops);
      return;
    }
    this.expr(f, ops, { k: 'used' });
    for (const a of args) this.expr(a, ops, { k: 'used' });
  }

  /**
   * A helper that writes through a `storage` parameter writes the state its argument
   * names: `_settle(accounts[k])` with `_settle(Account storage a) { a.balance = 0; }`
   * writes `accounts` here (the callee's own IR only sees a parameter).
   */
  private storageArgWrites(callee: FunctionModel, args: readonly SyntaxNode[], e: SyntaxNode, ops: Op[]): void {
    for (const i of storageParamsWritten(callee)) {
      const v = args[i] ? this.stateBase(args[i]!) : undefined;
      if (v) ops.push({ k: 'write', v, node: e, op: 'set' });
    }
  }

  private pushCall(call: CallSite, ops: Op[]): void {
    this.calls.push(call);
    ops.push({ k: 'call', call });
  }

  private plainCall(name: string, e: SyntaxNode, args: SyntaxNode[], ops: Op[], use: ResultUse): void {
    for (const a of args) this.expr(a, ops, { k: 'used' });
    if ((name === 'require' || name === 'assert') && args[0]) {
      ops.push({ k: 'guard', cond: args[0], node: e });
      return;
    }
    if (name === 'selfdestruct' || name === 'suicide') {
      this.pushCall({ kind: 'selfdestruct', name, node: e, target: args[0], args, sendsEth: true, result: use, fn: this.fn }, ops);
      return;
    }
    if (name === 'blockhash' || name === 'block.blockhash') {
      ops.push({ k: 'block-value', what: 'blockhash', node: e });
      return;
    }
    const callee = this.scope.func(name, args.length);
    if (callee) {
      ops.push({ k: 'internal', callee, node: e });
      this.storageArgWrites(callee, args, e, ops);
      return;
    }
    // Before 0.4.21 events were fired by calling them.
    if (this.events.has(name)) ops.push({ k: 'event', name, node: e });
  }

  private memberCall(
    f: SyntaxNode,
    e: SyntaxNode,
    args: SyntaxNode[],
    ops: Op[],
    use: ResultUse,
    sendsEth: boolean,
    value: SyntaxNode | undefined,
  ): void {
    const object = child(f, 'object');
    const name = child(f, 'property')?.text ?? '';
    if (!object) return;
    const o = unparen(object);
    if (o.type === 'identifier' && o.text === 'block' && name === 'blockhash') {
      for (const a of args) this.expr(a, ops, { k: 'used' });
      ops.push({ k: 'block-value', what: 'blockhash', node: e });
      return;
    }
    if (
      o.type === 'identifier' &&
      (o.text === 'abi' || o.text === 'super' || (!this.locals.has(o.text) && !this.scope.stateVariable(o.text)))
    ) {
      for (const a of args) this.expr(a, ops, { k: 'used' });
      if (o.text === 'super') {
        const callee = this.scope.func(name, args.length, this.fn.contract);
        if (callee) ops.push({ k: 'internal', callee, node: e });
        return;
      }
      const named = this.scope.contractNamed(o.text);
      if (named && (named.kind === 'library' || this.scope.contract.linearization.includes(named))) {
        const callee = named.functions.find((fn) => fn.name === name && fn.params.length === args.length && fn.body);
        if (callee && named.kind === 'library' && (callee.visibility === 'public' || callee.visibility === 'external')) {
          // A public library function runs by DELEGATECALL into the library: code the
          // deployer chose, not the caller; it is an internal step for the analysis.
        }
        if (callee) {
          ops.push({ k: 'internal', callee, node: e });
          this.storageArgWrites(callee, args, e, ops);
        }
        return;
      }
      // `msg.sender.call(...)` and friends: `msg` is a global, not a type.
      if (o.text !== 'msg' && o.text !== 'tx') return;
    }
    this.expr(o, ops, { k: 'used' });
    for (const a of args) this.expr(a, ops, { k: 'used' });
    const low = lowLevelKind(name, args.length);
    if (low) {
      const viaArgument = low === 'send' || low === 'transfer-eth';
      const amount = viaArgument ? args[0] : value;
      this.pushCall(
        {
          kind: low,
          name,
          node: e,
          target: o,
          args,
          sendsEth: sendsEth || viaArgument,
          ...(amount ? { value: amount } : {}),
          result: use,
          fn: this.fn,
        },
        ops,
      );
      return;
    }
    const base = this.stateBase(o);
    if (base && (name === 'push' || name === 'pop') && (base.type.isArray || !!base.type.mapping || !isValueType(base.type.text))) {
      ops.push({ k: 'write', v: base, node: e, op: name });
      return;
    }
    const viaUsing = this.scope.usingFor(name, args.length);
    if (viaUsing && !this.isContractTyped(o)) {
      ops.push({ k: 'internal', callee: viaUsing, node: e });
      this.storageArgWrites(viaUsing, [o, ...args], e, ops);
      return;
    }
    if (this.isValueReceiver(o)) return;
    this.pushCall(
      { kind: 'external', name, node: e, target: o, args, sendsEth, ...(value ? { value } : {}), result: use, fn: this.fn },
      ops,
    );
  }

  /** `x.length`, `s.f()` on a number or string: members of values are not calls out. */
  private isValueReceiver(o: SyntaxNode): boolean {
    if (o.type !== 'identifier') return false;
    const param = [...this.fn.params, ...this.fn.returns].find((p) => p.name === o.text);
    const type = param?.type.text ?? (this.locals.has(o.text) ? undefined : this.scope.stateVariable(o.text)?.type.text);
    return type !== undefined && isValueType(type);
  }

  private isContractTyped(o: SyntaxNode): boolean {
    if (o.type === 'call_expression') {
      const f = child(o, 'function');
      const named = f?.type === 'identifier' ? this.scope.contractNamed(f.text) : undefined;
      return !!named && named.kind !== 'library';
    }
    if (o.type === 'identifier') {
      const param = this.fn.params.find((p) => p.name === o.text);
      const type = param?.type.text ?? (this.locals.has(o.text) ? undefined : this.scope.stateVariable(o.text)?.type.text);
      const named = type ? this.scope.contractNamed(type) : undefined;
      return !!named && named.kind !== 'library';
    }
    return false;
  }
}

function isValueType(type: string): boolean {
  return /^(u?int\d*|bool|bytes\d*|string)$/.test(type);
}

/** `tx.origin`, `block.timestamp` and friends. */
function memberGlobal(e: SyntaxNode): BlockValue | 'origin' | undefined {
  const o = child(e, 'object');
  const p = child(e, 'property')?.text;
  if (o?.type !== 'identifier' || !p) return undefined;
  if (o.text === 'tx' && p === 'origin') return 'origin';
  if (o.text !== 'block') return undefined;
  if (p === 'timestamp') return 'timestamp';
  if (p === 'number') return 'number';
  if (p === 'difficulty' || p === 'prevrandao') return 'difficulty';
  if (p === 'coinbase') return 'coinbase';
  if (p === 'gaslimit') return 'gaslimit';
  return undefined;
}
