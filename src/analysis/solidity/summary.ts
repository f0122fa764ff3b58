/** What one entry point does, transitively through modifiers and internal calls. */
import type { ContractModel, FunctionModel, StateVariable } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Env, Sym } from './symbolic.ts';

export type WriteOp = 'inc' | 'dec' | 'set' | 'delete' | 'push' | 'pop';

export interface Location {
  /** The function whose source contains the node (may be a callee or modifier). */
  readonly fn: FunctionModel;
  readonly node: SyntaxNode;
  /** Execution order inside the entry point. */
  readonly seq: number;
}

export interface Write extends Location {
  readonly v: StateVariable;
  /** Index keys from the variable outward: `allowance[a][b]` has [a, b]. */
  readonly keys: readonly Sym[];
  /** The struct member written (`accounts[a].balance` → `balance`), the first one named. */
  readonly field?: string;
  readonly op: WriteOp;
  readonly value: Sym;
  readonly valueNode: SyntaxNode | undefined;
  readonly env: Env;
  readonly inLoop: boolean;
  /** The branch conditions the write sits under (guards excluded). */
  readonly path: readonly PathCondition[];
}

export type CallKind = 'external' | 'call' | 'delegatecall' | 'staticcall' | 'send' | 'transfer-eth' | 'selfdestruct' | 'create';

export interface ExternalCall extends Location {
  readonly kind: CallKind;
  /** Function name for high-level calls (`transfer`), the opcode name otherwise. */
  readonly name: string;
  readonly target: Sym;
  readonly targetNode: SyntaxNode | undefined;
  readonly args: SyntaxNode[];
  readonly argSyms: Sym[];
  readonly hasValue: boolean;
  /** False when the call is a bare statement and its return value is dropped. */
  readonly resultUsed: boolean;
  readonly env: Env;
  readonly inAssembly: boolean;
}

/** A condition on the path to a node: `cond` held (positive) or did not. */
export interface PathCondition {
  readonly cond: SyntaxNode;
  readonly positive: boolean;
  readonly env: Env;
  readonly fn: FunctionModel;
  /** Set for `!c` after `if (c) { …; return; }`: every call that goes on has `!c`. */
  readonly afterExit?: boolean;
}

/** A condition that must hold for execution to continue (`require`, `if (...) revert`). */
export interface Guard extends Location {
  readonly cond: SyntaxNode;
  /** True when the condition must hold; false for `if (cond) revert`. */
  readonly positive: boolean;
  readonly env: Env;
  readonly path: readonly PathCondition[];
  /** The modifier it came from, if any. */
  readonly viaModifier: FunctionModel | undefined;
}

export interface Branch extends Location {
  readonly cond: SyntaxNode;
  readonly env: Env;
}

export interface Summary {
  readonly contract: ContractModel;
  readonly entry: FunctionModel;
  readonly writes: Write[];
  readonly reads: Set<StateVariable>;
  readonly calls: ExternalCall[];
  readonly guards: Guard[];
  readonly branches: Branch[];
  /** Internal functions and modifiers executed. */
  readonly reached: Set<FunctionModel>;
  /** Binary `*`/`/` (and SafeMath mul/div) expressions executed, with their env. */
  readonly arithmetic: { node: SyntaxNode; fn: FunctionModel; env: Env }[];
  readonly usesTxOrigin: Location[];
  /** True when the work budget ran out and the summary is partial. */
  truncated: boolean;
}
