/**
 * Symbolic values: what an expression is known to be at a point of a function, enough
 * to tell "the caller", "the zero address", "this contract", "parameter 2 of the entry
 * point" and "state variable X (at key K)" apart, through internal calls.
 */
import type { FunctionModel, StateVariable } from './program.ts';
import type { SyntaxNode } from './syntax-tree.ts';

export type Sym =
  | { readonly k: 'sender' }
  | { readonly k: 'origin' }
  | { readonly k: 'zero' }
  | { readonly k: 'this' }
  | { readonly k: 'literal'; readonly text: string }
  | { readonly k: 'param'; readonly index: number; readonly name: string; readonly fn: FunctionModel }
  | { readonly k: 'state'; readonly v: StateVariable; readonly keys: readonly Sym[] }
  | { readonly k: 'element'; readonly of: Sym }
  | { readonly k: 'unknown' };

export const UNKNOWN: Sym = { k: 'unknown' };
export const SENDER: Sym = { k: 'sender' };
export const ZERO: Sym = { k: 'zero' };
export const THIS: Sym = { k: 'this' };

/** Locals and parameters in scope, with what is known about them. */
export class Env {
  readonly values: Map<string, Sym>;
  /** Locals' initialisers, so `balance[a] = fromBalance - x` is seen as a decrease. */
  readonly aliases: Map<string, SyntaxNode>;
  /** Names known to be non-zero addresses after `require(x != address(0))`. */
  readonly nonZero: Set<string>;
  /** Storage pointers: `Info storage s = infos[k]`. */
  readonly storage: Map<string, Sym>;
  /** Parameters of an inlined call: the argument expression and the caller's env. */
  readonly origins: Map<string, { readonly node: SyntaxNode; readonly env: Env }>;

  constructor(parent?: Env) {
    this.values = new Map(parent?.values);
    this.aliases = new Map(parent?.aliases);
    this.nonZero = new Set(parent?.nonZero);
    this.storage = new Map(parent?.storage);
    this.origins = new Map(parent?.origins);
  }
}

/** Whether a value is certainly the zero address (true), certainly not (false), or unknown. */
export function isZero(sym: Sym): boolean | undefined {
  switch (sym.k) {
    case 'zero':
      return true;
    case 'sender':
    case 'origin':
    case 'this':
      return false;
    case 'literal':
      return /^0x0*$|^0$/i.test(sym.text) ? true : /^0x[0-9a-f]{40}$/i.test(sym.text) ? false : undefined;
    default:
      return undefined;
  }
}

export function sameSym(a: Sym, b: Sym): boolean {
  if (a.k !== b.k) return false;
  switch (a.k) {
    case 'param':
      return b.k === 'param' && a.index === b.index && a.fn === b.fn;
    case 'state':
      return b.k === 'state' && a.v === b.v && a.keys.length === b.keys.length && a.keys.every((x, i) => sameSym(x, b.keys[i]!));
    case 'literal':
      return b.k === 'literal' && a.text.toLowerCase() === b.text.toLowerCase();
    case 'element':
      return b.k === 'element' && sameSym(a.of, b.of);
    case 'unknown':
      return false;
    default:
      return true;
  }
}

/** A fixed address: zero, a literal (burn addresses like 0x…dEaD) or this contract. */
export function isConstantAddress(sym: Sym): boolean {
  return sym.k === 'zero' || sym.k === 'literal' || sym.k === 'this';
}

/** The caller or something only the caller controls. */
export function isSenderLike(sym: Sym): boolean {
  return sym.k === 'sender' || sym.k === 'origin';
}

export function describeSym(sym: Sym): string {
  switch (sym.k) {
    case 'param':
      return sym.name;
    case 'state':
      return sym.v.name;
    case 'literal':
      return sym.text;
    case 'element':
      return `${describeSym(sym.of)}[i]`;
    default:
      return sym.k;
  }
}

/** The declared type text of a value, when known (a state entry at its keys, a parameter). */
export function typeTextOf(sym: Sym): string | undefined {
  if (sym.k === 'state') {
    let type = sym.v.type;
    for (let i = 0; i < sym.keys.length && type.mapping; i++) type = type.mapping.value;
    // An array element (`checkpoints[a][i]`) has the element type.
    if (sym.keys.length > 0 && !type.mapping && type.isArray) return type.text.replace(/\[[^\]]*\]\s*$/, '');
    return type.text || undefined;
  }
  if (sym.k === 'param') return sym.fn.params[sym.index]?.type.text || undefined;
  if (sym.k === 'literal') return /^(true|false)$/.test(sym.text) ? 'bool' : 'uint256';
  return undefined;
}
