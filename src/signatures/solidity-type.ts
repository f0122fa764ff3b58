/**
 * Parses a Solidity type name from tokens (elementary, user-defined path, mapping,
 * function type, with array suffixes) and turns an elementary name into its canonical
 * ABI spelling.
 */
import { TokenKind } from '../analysis/similarity/lex-solidity.ts';

export interface Tok {
  readonly t: string;
  readonly k: number;
}

export type TypeNode =
  | { readonly tag: 'elementary'; readonly name: string; readonly dims: readonly string[] }
  | { readonly tag: 'user'; readonly path: readonly string[]; readonly dims: readonly string[] }
  | { readonly tag: 'mapping'; readonly key: TypeNode; readonly value: TypeNode; readonly dims: readonly string[] }
  | { readonly tag: 'function'; readonly dims: readonly string[] };

const ELEMENTARY = /^(?:address|bool|string|bytes|byte|u?int(?:\d+)?|bytes\d+|u?fixed(?:\d+x\d+)?|var)$/;
const FUNCTION_TYPE_ATTRIBUTES = new Set([
  'internal',
  'external',
  'public',
  'private',
  'pure',
  'view',
  'payable',
  'constant',
  'nonpayable',
]);

export function isElementaryName(name: string): boolean {
  return ELEMENTARY.test(name);
}

/** `uint` -> `uint256`, `byte` -> `bytes1`, `fixed` -> `fixed128x18`, others unchanged. */
export function canonicalElementary(name: string): string {
  switch (name) {
    case 'uint':
      return 'uint256';
    case 'int':
      return 'int256';
    case 'byte':
      return 'bytes1';
    case 'fixed':
      return 'fixed128x18';
    case 'ufixed':
      return 'ufixed128x18';
    default:
      return name;
  }
}

/** Index of the token closing the bracket opened at `open`. */
export function closing(toks: readonly Tok[], open: number): number {
  const o = toks[open]?.t;
  const c = o === '(' ? ')' : o === '[' ? ']' : '}';
  let depth = 0;
  for (let i = open; i < toks.length; i += 1) {
    const t = toks[i]?.t;
    if (t === o) depth += 1;
    else if (t === c && --depth === 0) return i;
  }
  return toks.length;
}

function readDims(toks: readonly Tok[], pos: number): { dims: string[]; next: number } {
  const dims: string[] = [];
  let i = pos;
  while (toks[i]?.t === '[') {
    const end = closing(toks, i);
    dims.push(
      toks
        .slice(i + 1, end)
        .map((x) => x.t)
        .join(''),
    );
    i = end + 1;
  }
  return { dims, next: i };
}

/** Parses a type at `pos`; undefined when the tokens there are not a type. */
export function parseType(toks: readonly Tok[], pos: number): { type: TypeNode; next: number } | undefined {
  const first = toks[pos];
  if (!first || first.k !== TokenKind.Identifier) return undefined;
  if (first.t === 'mapping' && toks[pos + 1]?.t === '(') {
    const end = closing(toks, pos + 1);
    const key = parseType(toks, pos + 2);
    if (!key) return undefined;
    let i = key.next;
    if (toks[i]?.k === TokenKind.Identifier && toks[i + 1]?.t === '=>') i += 1; // named key (0.8.18)
    if (toks[i]?.t !== '=>') return undefined;
    const value = parseType(toks, i + 1);
    if (!value) return undefined;
    const { dims, next } = readDims(toks, end + 1);
    return { type: { tag: 'mapping', key: key.type, value: value.type, dims }, next };
  }
  if (first.t === 'function' && toks[pos + 1]?.t === '(') {
    let i = closing(toks, pos + 1) + 1;
    while (FUNCTION_TYPE_ATTRIBUTES.has(toks[i]?.t ?? '')) i += 1;
    if (toks[i]?.t === 'returns' && toks[i + 1]?.t === '(') i = closing(toks, i + 1) + 1;
    const { dims, next } = readDims(toks, i);
    return { type: { tag: 'function', dims }, next };
  }
  if (isElementaryName(first.t)) {
    let i = pos + 1;
    if (first.t === 'address' && toks[i]?.t === 'payable') i += 1;
    const { dims, next } = readDims(toks, i);
    return { type: { tag: 'elementary', name: first.t, dims }, next };
  }
  const path = [first.t];
  let i = pos + 1;
  while (toks[i]?.t === '.' && toks[i + 1]?.k === TokenKind.Identifier) {
    path.push(toks[i + 1]?.t ?? '');
    i += 2;
  }
  const { dims, next } = readDims(toks, i);
  return { type: { tag: 'user', path, dims }, next };
}

/** Splits the tokens between a '(' at `open` and its ')' at depth-0 commas. */
export function splitParameters(toks: readonly Tok[], open: number): Tok[][] {
  const end = closing(toks, open);
  const parts: Tok[][] = [];
  let current: Tok[] = [];
  let depth = 0;
  for (let i = open + 1; i < end; i += 1) {
    const tok = toks[i];
    if (!tok) break;
    if (tok.t === '(' || tok.t === '[' || tok.t === '{') depth += 1;
    else if (tok.t === ')' || tok.t === ']' || tok.t === '}') depth -= 1;
    if (depth === 0 && tok.t === ',') {
      parts.push(current);
      current = [];
    } else current.push(tok);
  }
  if (current.length > 0 || parts.length > 0) parts.push(current);
  return parts;
}
