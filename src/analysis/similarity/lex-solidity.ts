/**
 * A small hand-written Solidity lexer. It only splits text into tokens (no grammar), is
 * error tolerant (unterminated strings and comments end at the line or the text end) and
 * keeps the character offsets of every token so a match can be mapped back to the source.
 *
 * Hand-written rather than tree-sitter because similarity and signature extraction need
 * tokens, not a tree: this lexer is several times faster than a tree-sitter parse of the
 * same text (measured in bench/similarity.ts) and never allocates a node per token.
 */

export const TokenKind = {
  Identifier: 1,
  Number: 2,
  String: 3,
  Punct: 4,
  Other: 5,
} as const;
export type TokenKind = (typeof TokenKind)[keyof typeof TokenKind];

/** Tokens as parallel arrays: token `i` is `source.slice(starts[i], ends[i])`. */
export interface TokenStream {
  readonly source: string;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
}

// Multi-character operators, longest first so the first match is the longest one.
const OPERATORS = [
  '>>>=',
  '>>>',
  '<<=',
  '>>=',
  '**',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '|=',
  '&=',
  '^=',
  '<<',
  '>>',
  '->',
  ':=',
];
const SINGLE_PUNCT = new Set('(){}[];,.:?!~+-*/%<>=&|^@'.split(''));
// Operators by first character, longest first: one small list to try per character.
const OPERATORS_BY_CHAR = new Map<number, string[]>();
for (const op of OPERATORS) {
  const list = OPERATORS_BY_CHAR.get(op.charCodeAt(0)) ?? [];
  list.push(op);
  OPERATORS_BY_CHAR.set(op.charCodeAt(0), list);
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

function skipString(src: string, i: number): number {
  const quote = src.charCodeAt(i);
  let j = i + 1;
  while (j < src.length) {
    const c = src.charCodeAt(j);
    if (c === 92)
      j += 2; // backslash escape
    else if (c === quote) return j + 1;
    else if (c === 10)
      return j; // unterminated: stop at the line end
    else j += 1;
  }
  return src.length;
}

function skipNumber(src: string, i: number): number {
  let j = i;
  if (src.charCodeAt(j) === 48 && (src.charCodeAt(j + 1) | 32) === 120) {
    j += 2;
    while (j < src.length && (isHexDigit(src.charCodeAt(j)) || src.charCodeAt(j) === 95)) j += 1;
    return j;
  }
  while (j < src.length && (isDigit(src.charCodeAt(j)) || src.charCodeAt(j) === 95)) j += 1;
  if (src.charCodeAt(j) === 46 && isDigit(src.charCodeAt(j + 1))) {
    j += 1;
    while (j < src.length && (isDigit(src.charCodeAt(j)) || src.charCodeAt(j) === 95)) j += 1;
  }
  if ((src.charCodeAt(j) | 32) === 101) {
    const sign = src.charCodeAt(j + 1);
    const k = sign === 45 || sign === 43 ? j + 2 : j + 1;
    if (isDigit(src.charCodeAt(k))) {
      j = k;
      while (j < src.length && isDigit(src.charCodeAt(j))) j += 1;
    }
  }
  return j;
}

function matchOperator(src: string, i: number): number {
  const candidates = OPERATORS_BY_CHAR.get(src.charCodeAt(i));
  if (candidates) for (const op of candidates) if (src.startsWith(op, i)) return op.length;
  return SINGLE_PUNCT.has(src[i] ?? '') ? 1 : 0;
}

/** Splits Solidity source into tokens, dropping whitespace and comments. */
export function lexSolidity(source: string): TokenStream {
  const n = source.length;
  // About one token per 4 characters in real code; grown by doubling when short.
  let kinds = new Uint8Array((n >> 2) + 16);
  let starts = new Uint32Array(kinds.length);
  let ends = new Uint32Array(kinds.length);
  let count = 0;
  const push = (kind: TokenKind, start: number, end: number): void => {
    if (count === kinds.length) {
      const size = kinds.length * 2;
      const k2 = new Uint8Array(size);
      k2.set(kinds);
      kinds = k2;
      const s2 = new Uint32Array(size);
      s2.set(starts);
      starts = s2;
      const e2 = new Uint32Array(size);
      e2.set(ends);
      ends = e2;
    }
    kinds[count] = kind;
    starts[count] = start;
    ends[count] = end;
    count += 1;
  };

  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11) {
      i += 1;
      continue;
    }
    if (c === 47 && source.charCodeAt(i + 1) === 47) {
      const nl = source.indexOf('\n', i + 2);
      i = nl === -1 ? n : nl + 1;
      continue;
    }
    if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const close = source.indexOf('*/', i + 2);
      i = close === -1 ? n : close + 2;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(source.charCodeAt(j))) j += 1;
      const q = source.charCodeAt(j);
      // hex"…" and unicode"…" are one string literal.
      if ((q === 34 || q === 39) && (j - i === 3 || j - i === 7)) {
        const word = source.slice(i, j);
        if (word === 'hex' || word === 'unicode') {
          const end = skipString(source, j);
          push(TokenKind.String, i, end);
          i = end;
          continue;
        }
      }
      push(TokenKind.Identifier, i, j);
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(source.charCodeAt(i + 1)))) {
      const end = skipNumber(source, i);
      push(TokenKind.Number, i, end);
      i = end;
      continue;
    }
    if (c === 34 || c === 39) {
      const end = skipString(source, i);
      push(TokenKind.String, i, end);
      i = end;
      continue;
    }
    const len = matchOperator(source, i);
    if (len > 0) {
      push(TokenKind.Punct, i, i + len);
      i += len;
      continue;
    }
    // Anything else (stray unicode, '#', a lone backslash): one token per code unit,
    // so the lexer always advances and never fails.
    push(TokenKind.Other, i, i + 1);
    i += 1;
  }
  return {
    source,
    count,
    kinds: kinds.subarray(0, count),
    starts: starts.subarray(0, count),
    ends: ends.subarray(0, count),
  };
}

/** The text of token `i`. */
export function tokenText(stream: TokenStream, i: number): string {
  return stream.source.slice(stream.starts[i], stream.ends[i]);
}
