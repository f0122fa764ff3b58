/**
 * Turns a token stream into the abstract symbol stream that similarity compares:
 * identifiers become one symbol, numbers another, strings a third, so renaming
 * variables or changing a name, symbol or supply does not hide a copy. Keywords,
 * elementary types, well-known globals and operators keep their own symbol because
 * they carry the structure. Pragma and import directives are dropped: flattening a
 * project or bumping the compiler version is layout, not code.
 */
import { TokenKind, tokenText, type TokenStream } from './lex-solidity.ts';

/** Symbols for abstracted tokens. Kept words hash to values far from these. */
export const SYMBOL_IDENTIFIER = 1;
export const SYMBOL_NUMBER = 2;
export const SYMBOL_STRING = 3;

const KEPT_WORDS = new Set(
  (
    'contract interface library abstract is using for struct enum event error function modifier ' +
    'constructor fallback receive returns return if else while do break continue try catch emit ' +
    'new delete throw assembly unchecked public private internal external pure view payable ' +
    'constant immutable virtual override memory storage calldata indexed anonymous mapping address ' +
    'bool string bytes byte uint int fixed ufixed var true false wei gwei ether szabo finney seconds ' +
    'minutes hours days weeks years type this super selfdestruct suicide msg block tx abi require ' +
    'assert revert keccak256 sha3 sha256 ripemd160 ecrecover gasleft now let switch case default leave'
  ).split(' '),
);
const SIZED_TYPE = /^(?:u?int|bytes)\d+$|^u?fixed\d+x\d+$/;

export interface SymbolStream {
  readonly count: number;
  /** Symbol per kept token. */
  readonly symbols: Uint32Array;
  /** Index into the token stream of each kept token (for offsets). */
  readonly tokenIndex: Uint32Array;
}

/** FNV-1a, 32 bit: a stable id for a kept word or operator across runs and machines. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // Keep clear of the three abstract symbols.
  return (h >>> 0) | 0x100;
}

const symbolCache = new Map<string, number>();
function keptSymbol(text: string): number {
  let s = symbolCache.get(text);
  if (s === undefined) {
    s = fnv1a(text) >>> 0;
    symbolCache.set(text, s);
  }
  return s;
}

function symbolFor(stream: TokenStream, i: number): number {
  const kind = stream.kinds[i];
  if (kind === TokenKind.Number) return SYMBOL_NUMBER;
  if (kind === TokenKind.String) return SYMBOL_STRING;
  const text = tokenText(stream, i);
  if (kind === TokenKind.Identifier && !KEPT_WORDS.has(text) && !SIZED_TYPE.test(text)) return SYMBOL_IDENTIFIER;
  return keptSymbol(text);
}

/** Abstracts a token stream; see the module comment for what is kept. */
export function normalizeTokens(stream: TokenStream): SymbolStream {
  const symbols = new Uint32Array(stream.count);
  const tokenIndex = new Uint32Array(stream.count);
  let count = 0;
  let depth = 0;
  for (let i = 0; i < stream.count; i += 1) {
    const kind = stream.kinds[i];
    if (kind === TokenKind.Punct) {
      const c = stream.source.charCodeAt(stream.starts[i] ?? 0);
      if (c === 123) depth += 1;
      else if (c === 125) depth = Math.max(0, depth - 1);
    } else if (depth === 0 && kind === TokenKind.Identifier) {
      const text = tokenText(stream, i);
      if (text === 'pragma' || text === 'import') {
        while (i < stream.count && !(stream.kinds[i] === TokenKind.Punct && tokenText(stream, i) === ';')) i += 1;
        continue;
      }
    }
    symbols[count] = symbolFor(stream, i);
    tokenIndex[count] = i;
    count += 1;
  }
  return { count, symbols: symbols.subarray(0, count), tokenIndex: tokenIndex.subarray(0, count) };
}
