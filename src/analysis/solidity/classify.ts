/**
 * One source of truth for how syntax becomes operations, shared by the summariser
 * (`summarize.ts`) and the control-flow layer (`ir/cfg.ts`): which locals are storage
 * pointers, which member calls are low-level calls, what an assignment does to the value
 * it writes, and what inline assembly reads, writes, calls and checks.
 *
 * The two layers used to classify these each on their own and disagreed: the CFG looked
 * for a `storage_location` node while the parser gives the keyword as a `storage` token
 * (field `location`), so no storage pointer ever reached the IR and `S storage s = m[k];
 * s.x = 1` wrote nothing for reentrancy. Keeping the rules here keeps them agreeing.
 */
import type { FunctionModel, Program, StateVariable, TypeInfo } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { CallKind, WriteOp } from './summary.ts';
import { child, operatorOf, unparen, visit } from './syntax-helpers.ts';
import { evaluate, type EvalContext } from './evaluate.ts';
import { isZero, sameSym, type Env, type Sym } from './symbolic.ts';
import { scratchName, yulArgs, yulCallee, yulOffset } from './yul.ts';

// ------------------------------------------------------------------ declarations

/** The data location written in a declaration (`storage`, `memory`, `calldata`), if any. */
export function declaredLocation(decl: SyntaxNode): string | undefined {
  for (const c of decl.children) {
    if (c.field === 'location' || c.type === 'storage_location') return c.text;
    if (c.type === 'storage' || c.type === 'memory' || c.type === 'calldata') return c.type;
  }
  return undefined;
}

/**
 * Whether `decl = value` declares a reference into storage: an explicit `storage` local,
 * or 0.4's untyped `var p = m[k]` when what it is given is a struct, array or mapping held
 * in state (a `var` given a number or an address is a copy). `stateOf` resolves a name to
 * a state variable; `structs` are the struct names the program declares.
 */
export function isStoragePointerDeclaration(
  decl: SyntaxNode,
  value: SyntaxNode | undefined,
  stateOf: (name: string) => StateVariable | undefined,
  structs: ReadonlySet<string>,
): boolean {
  const location = declaredLocation(decl);
  if (location === 'storage') return true;
  if (location !== undefined || !value) return false;
  const type = child(decl, 'type');
  if (type?.text !== 'var' && type?.children[0]?.text !== 'var') return false;
  const t = storedTypeOf(value, stateOf);
  return !!t && isReferenceType(t, structs);
}

/** The declared type of a state location named by `m`, `m[k]`, `m[k][j]` (undefined through members). */
function storedTypeOf(value: SyntaxNode, stateOf: (name: string) => StateVariable | undefined): TypeInfo | undefined {
  const v = unparen(value);
  if (v.type === 'identifier') return stateOf(v.text)?.type;
  if (v.type !== 'array_access') return undefined;
  const base = child(v, 'base');
  const outer = base ? storedTypeOf(base, stateOf) : undefined;
  if (!outer) return undefined;
  if (outer.mapping) return outer.mapping.value;
  if (outer.isArray) {
    const text = outer.text.replace(/\[[^\]]*\]\s*$/, '');
    return { text, isArray: /\]\s*$/.test(text) };
  }
  return undefined;
}

function isReferenceType(t: TypeInfo, structs: ReadonlySet<string>): boolean {
  if (t.mapping || t.isArray) return true;
  return structs.has(t.text.split('.').pop() ?? '');
}

const structCache = new WeakMap<Program, ReadonlySet<string>>();

/** The struct names a program's files declare (cached per program). */
export function programStructs(program: Program): ReadonlySet<string> {
  let names = structCache.get(program);
  if (!names) {
    const set = new Set<string>();
    for (const unit of program.units) for (const m of unit.source.matchAll(/\bstruct\s+(\w+)/g)) set.add(m[1]!);
    names = set;
    structCache.set(program, names);
  }
  return names;
}

// ------------------------------------------------------------------ calls and writes

/** `a.call`, `a.delegatecall`, `a.send(v)`, `a.transfer(v)`: low-level calls by member name. */
export function lowLevelKind(name: string, argc: number): CallKind | undefined {
  if (name === 'call' || name === 'delegatecall' || name === 'staticcall') return name;
  if (name === 'callcode') return 'delegatecall';
  if (name === 'send' && argc === 1) return 'send';
  if (name === 'transfer' && argc === 1) return 'transfer-eth';
  return undefined;
}

/** `+=` increases, `-=` decreases; any other compound or plain assignment sets. */
export function augmentedWriteOp(e: SyntaxNode): WriteOp {
  if (e.type !== 'augmented_assignment_expression') return 'set';
  const op = operatorOf(e);
  return op === '+=' ? 'inc' : op === '-=' ? 'dec' : 'set';
}

// ------------------------------------------------------------------ inline assembly

/** Opcodes that run code elsewhere. */
const ASSEMBLY_CALLS: Readonly<Record<string, CallKind>> = {
  call: 'call',
  callcode: 'delegatecall',
  delegatecall: 'delegatecall',
  staticcall: 'staticcall',
  selfdestruct: 'selfdestruct',
  create: 'create',
  create2: 'create',
};

/** Every EVM instruction and Yul builtin Solidity accepts in inline assembly (0.4 to 0.8.2x). */
export const YUL_BUILTINS: ReadonlySet<string> = new Set(
  (
    'stop add sub mul div sdiv mod smod exp not lt gt slt sgt eq iszero and or xor byte shl shr sar addmod mulmod ' +
    'signextend keccak256 sha3 pop mload mstore mstore8 sload sstore tload tstore msize gas address balance selfbalance ' +
    'caller callvalue calldataload calldatasize calldatacopy codesize codecopy extcodesize extcodecopy returndatasize ' +
    'returndatacopy mcopy extcodehash create create2 call callcode delegatecall staticcall return revert selfdestruct ' +
    'suicide invalid log0 log1 log2 log3 log4 chainid basefee blobbasefee blobhash origin gasprice blockhash coinbase ' +
    'timestamp number difficulty prevrandao gaslimit datasize dataoffset datacopy setimmutable loadimmutable linkersymbol ' +
    'memoryguard verbatim jump jumpi pc jumpdest swap1 dup1'
  ).split(' '),
);

/** What a walk over an assembly block reports, in execution order. */
export interface AssemblyVisitor {
  /** `sload` of a state slot (the value is the state variable at those keys). */
  read(slot: Sym & { k: 'state' }, node: SyntaxNode): void;
  /** `sstore(slot, value)`: `op` is inc/dec when the value adds to / subtracts from the slot's own value. */
  write(slot: Sym & { k: 'state' }, op: WriteOp, value: SyntaxNode | undefined, node: SyntaxNode): void;
  call(kind: CallKind, name: string, node: SyntaxNode): void;
  /** `if c { …; revert(…) }`: execution continues only when `c` is false (positive = false). */
  guard(cond: SyntaxNode, positive: boolean, node: SyntaxNode): void;
  /** `if c { … }` (not a revert) and `switch` arms: `run` walks the arm. */
  branch(cond: SyntaxNode | undefined, positive: boolean, run: () => void): void;
  loop(run: () => void): void;
  origin(node: SyntaxNode): void;
}

/**
 * Walks an assembly block in execution order, binding `let` locals and constant-offset
 * memory words in `env` (so slots computed as `keccak256(key, map.slot)` or through
 * `mstore(0, key) mstore(32, map.slot) keccak256(0, 64)` resolve to `map[key]`), and
 * reports storage reads and writes, calls, `revert` guards and branches to `v`.
 * Anything it cannot read (user Yul functions, unknown instructions, malformed calls) is
 * skipped: their results are unknown. Build-program reports those as diagnostics.
 */
export function walkAssembly(s: SyntaxNode, env: Env, cx: EvalContext, v: AssemblyVisitor): void {
  new AssemblyWalk(env, cx, v).statements(s.children);
}

class AssemblyWalk {
  constructor(
    private readonly env: Env,
    private readonly cx: EvalContext,
    private readonly v: AssemblyVisitor,
  ) {}

  statements(list: readonly SyntaxNode[]): void {
    for (const s of list) this.statement(s);
  }

  private statement(s: SyntaxNode): void {
    switch (s.type) {
      case 'yul_block':
        return this.statements(s.children);
      case 'yul_variable_declaration': {
        const right = child(s, 'right');
        if (right) this.expr(right);
        const names = s.children.filter((c) => c.field === 'left').map((c) => c.text);
        const value = right && names.length === 1 ? evaluate(right, this.env, this.cx) : undefined;
        for (const name of names) this.env.values.set(name, value ?? { k: 'unknown' });
        return;
      }
      case 'yul_assignment': {
        // `a, b := f()`: every child but the last is a target.
        const right = s.children[s.children.length - 1];
        const paths = s.children.slice(0, -1).filter((c) => c.type === 'yul_path');
        if (right) this.expr(right);
        const value = right && paths.length === 1 ? evaluate(right, this.env, this.cx) : undefined;
        for (const p of paths) this.env.values.set(p.text, value ?? { k: 'unknown' });
        return;
      }
      case 'yul_if_statement': {
        const [cond, body] = s.children;
        if (!cond) return;
        this.expr(cond);
        if (body && endsInRevert(body)) {
          // The body's own effects (an error message written to memory) happen only on the reverting path.
          this.v.guard(cond, false, s);
          return;
        }
        if (body) this.v.branch(cond, true, () => this.statement(body));
        return;
      }
      case 'yul_switch_statement': {
        const [subject, ...rest] = s.children;
        if (!subject) return;
        this.expr(subject);
        rest.forEach((arm, i) => {
          if (arm.type !== 'yul_block') return;
          // `switch eq(caller(), o) case 0 { revert(0, 0) }`: execution goes on only when the subject is non-zero.
          const label = rest[i - 1];
          if (label && yulOffset(label) === 0 && endsInRevert(arm)) this.v.guard(subject, true, s);
          else this.v.branch(undefined, true, () => this.statement(arm));
        });
        return;
      }
      case 'yul_for_statement': {
        const blocks = s.children.filter((c) => c.type === 'yul_block');
        const cond = s.children.find((c) => c.type !== 'yul_block');
        if (blocks[0]) this.statement(blocks[0]);
        this.v.loop(() => {
          if (cond) this.expr(cond);
          for (const b of blocks.slice(1).reverse()) this.statement(b);
        });
        return;
      }
      case 'yul_function_definition':
        // Run only where called; their effects are not followed (a diagnostic says so).
        return;
      case 'yul_function_call':
        return this.expr(s);
      default:
        for (const c of s.children) if (c.type.startsWith('yul_')) this.statement(c);
    }
  }

  private expr(n: SyntaxNode): void {
    if (n.type !== 'yul_function_call') return;
    const args = yulArgs(n);
    for (const a of args) this.expr(a);
    const name = yulCallee(n);
    switch (name) {
      case 'sload': {
        const slot = args.length === 1 ? this.slot(args[0]!) : undefined;
        if (slot) this.v.read(slot, n);
        return;
      }
      case 'sstore': {
        const slot = args.length === 2 ? this.slot(args[0]!) : undefined;
        if (slot) this.v.write(slot, this.storeOp(slot, args[1]!), args[1], n);
        return;
      }
      case 'mstore': {
        const offset = args.length === 2 ? yulOffset(args[0]!) : undefined;
        if (offset !== undefined) this.env.values.set(scratchName(offset), evaluate(args[1]!, this.env, this.cx));
        return;
      }
      case 'origin':
        this.v.origin(n);
        return;
      default: {
        const kind = ASSEMBLY_CALLS[name];
        if (kind) this.v.call(kind, name, n);
      }
    }
  }

  private slot(n: SyntaxNode): (Sym & { k: 'state' }) | undefined {
    const s = evaluate(n, this.env, this.cx);
    return s.k === 'state' ? s : undefined;
  }

  /** `sstore(s, add(sload(s), x))` increases, `sub(sload(s), x)` decreases, `sstore(s, 0)` deletes. */
  private storeOp(slot: Sym & { k: 'state' }, value: SyntaxNode): WriteOp {
    const val = evaluate(value, this.env, this.cx);
    if (isZero(val) === true) return 'delete';
    if (value.type !== 'yul_function_call') return 'set';
    const name = yulCallee(value);
    const [a, b] = yulArgs(value);
    if (!a || !b) return 'set';
    const own = (x: SyntaxNode): boolean => sameSym(evaluate(x, this.env, this.cx), slot);
    if (name === 'add' && (own(a) || own(b))) return 'inc';
    if (name === 'sub' && own(a)) return 'dec';
    return 'set';
  }
}

/** A Yul block whose last statement is `revert(…)` or `invalid()`. */
function endsInRevert(body: SyntaxNode): boolean {
  const last = body.type === 'yul_block' ? body.children[body.children.length - 1] : body;
  if (last?.type !== 'yul_function_call') return false;
  const name = yulCallee(last);
  return name === 'revert' || name === 'invalid';
}

/**
 * What inline assembly in one file does that the model skips: calls to instructions no
 * EVM has (and no Yul function of the block defines), and the common storage instructions
 * with the wrong number of arguments. One message per block.
 */
export function assemblyProblems(s: SyntaxNode): string[] {
  const defined = new Set<string>();
  const calls: SyntaxNode[] = [];
  const stack = [s];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'yul_function_definition' && n.children[0]) defined.add(n.children[0].text);
    if (n.type === 'yul_function_call') calls.push(n);
    for (const c of n.children) stack.push(c);
  }
  const unknown = new Set<string>();
  const malformed = new Set<string>();
  const arity: Record<string, number> = { sload: 1, sstore: 2, mstore: 2, keccak256: 2 };
  for (const c of calls) {
    const name = yulCallee(c);
    if (!name || defined.has(name)) continue;
    if (!YUL_BUILTINS.has(name)) unknown.add(name);
    else if (arity[name] !== undefined && yulArgs(c).length !== arity[name]) malformed.add(name);
  }
  const out: string[] = [];
  if (unknown.size > 0) out.push(`unknown assembly instruction(s) ${[...unknown].sort().join(', ')}: their results were not followed`);
  if (malformed.size > 0) out.push(`assembly ${[...malformed].sort().join(', ')} with the wrong number of arguments: skipped`);
  return out;
}

// ------------------------------------------------------------------ storage arguments

const storageParamCache = new WeakMap<FunctionModel, readonly number[]>();

/**
 * The `storage` parameters a function writes through in its own body
 * (`function _settle(Account storage a) internal { a.balance = 0; }`), by index: a call
 * that passes `accounts[k]` there writes `accounts`. The parser keeps no location token
 * under a parameter, so the declaration's text is read.
 */
export function storageParamsWritten(fn: FunctionModel): readonly number[] {
  let out = storageParamCache.get(fn);
  if (out) return out;
  const found: number[] = [];
  const params = fn.node.children.filter((c) => c.type === 'parameter');
  const names = new Map<string, number>();
  params.forEach((p, i) => {
    const name = fn.params[i]?.name;
    if (name && /\bstorage\b/.test(p.text)) names.set(name, i);
  });
  if (names.size > 0 && fn.body) {
    const written = new Set<number>();
    visit(fn.body, (n) => {
      let target: SyntaxNode | undefined;
      if (n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression') target = child(n, 'left');
      else if (n.type === 'update_expression' || (n.type === 'unary_expression' && operatorOf(n) === 'delete'))
        target = child(n, 'argument');
      else if (n.type === 'call_expression') {
        const f = child(n, 'function');
        const p = f?.type === 'member_expression' ? child(f, 'property')?.text : undefined;
        if (p === 'push' || p === 'pop') target = child(f!, 'object');
      }
      const root = target ? rootName(target) : undefined;
      const index = root === undefined ? undefined : names.get(root);
      if (index !== undefined) written.add(index);
      return true;
    });
    found.push(...[...written].sort((a, b) => a - b));
  }
  out = found;
  storageParamCache.set(fn, out);
  return out;
}

/** `a.b[c].d` → `a` (undefined through calls). */
function rootName(n: SyntaxNode): string | undefined {
  let t = unparen(n);
  for (let i = 0; i < 64; i++) {
    if (t.type === 'identifier') return t.text;
    const next = t.type === 'array_access' ? child(t, 'base') : t.type === 'member_expression' ? child(t, 'object') : undefined;
    if (!next) return undefined;
    t = unparen(next);
  }
  return undefined;
}
