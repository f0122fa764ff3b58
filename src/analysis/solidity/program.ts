/** The semantic model: what the detectors reason about. Built by `buildProgram`. */
import type { SourceUnit } from './source-unit.ts';
import type { SyntaxNode } from './syntax-tree.ts';

export type ContractKind = 'contract' | 'abstract' | 'interface' | 'library';
export type Visibility = 'public' | 'external' | 'internal' | 'private';
export type Mutability = 'pure' | 'view' | 'payable' | 'nonpayable';
export type FunctionKind = 'function' | 'constructor' | 'fallback' | 'receive' | 'modifier';

export interface Pragma {
  readonly unit: SourceUnit;
  /** The version constraint as written, whitespace collapsed: `^0.8.0`, `>=0.6.0 <0.8.0`. */
  readonly constraint: string;
  readonly node: SyntaxNode;
}

export interface ImportRef {
  readonly unit: SourceUnit;
  readonly path: string;
  readonly node: SyntaxNode;
  /** The resolved unit path, or undefined with `reason` when it could not be found. */
  resolved?: string;
  reason?: string;
}

export interface TypeInfo {
  readonly text: string;
  /** Key and value of a mapping (values nest for `mapping(a => mapping(b => c))`). */
  readonly mapping?: { readonly key: string; readonly value: TypeInfo };
  readonly isArray: boolean;
}

export interface StateVariable {
  readonly name: string;
  readonly contract: ContractModel;
  readonly type: TypeInfo;
  readonly visibility: Visibility;
  readonly isConstant: boolean;
  readonly isImmutable: boolean;
  readonly initializer: SyntaxNode | undefined;
  readonly node: SyntaxNode;
}

export interface Parameter {
  readonly name: string;
  readonly type: TypeInfo;
}

export interface ModifierCall {
  readonly name: string;
  readonly args: SyntaxNode[];
  readonly node: SyntaxNode;
}

export interface FunctionModel {
  readonly name: string;
  readonly kind: FunctionKind;
  readonly contract: ContractModel;
  readonly visibility: Visibility;
  readonly mutability: Mutability;
  readonly modifiers: ModifierCall[];
  readonly params: Parameter[];
  readonly returns: Parameter[];
  readonly body: SyntaxNode | undefined;
  readonly node: SyntaxNode;
}

export interface UsingFor {
  readonly library: string;
  /** `*` for `using L for *`. */
  readonly type: string;
}

export interface ContractModel {
  readonly name: string;
  readonly kind: ContractKind;
  readonly unit: SourceUnit;
  readonly node: SyntaxNode;
  readonly baseNames: string[];
  /** C3 linearisation, most derived first (this contract first). */
  linearization: ContractModel[];
  readonly stateVariables: StateVariable[];
  readonly functions: FunctionModel[];
  readonly modifiers: FunctionModel[];
  readonly events: string[];
  readonly usingFor: UsingFor[];
}

export interface Diagnostic {
  readonly kind: 'parse-error' | 'unresolved-import' | 'detector-failure' | 'truncated' | 'inheritance' | 'input' | 'assembly';
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
}

export interface Program {
  readonly units: SourceUnit[];
  readonly contracts: ContractModel[];
  readonly pragmas: Pragma[];
  readonly imports: ImportRef[];
  /** Free (file-level) functions, callable from any contract. */
  readonly freeFunctions: FunctionModel[];
  readonly diagnostics: Diagnostic[];
  /** Contracts by name; a name may be declared in several files. */
  readonly byName: Map<string, ContractModel[]>;
}
