/**
 * Finds the top-level contract, interface and library definitions in a token stream by
 * keyword and brace matching. Works on broken code too: an unclosed body ends at the
 * end of the text.
 */
import { TokenKind, tokenText, type TokenStream } from './lex-solidity.ts';

export type ContractKind = 'contract' | 'interface' | 'library';

export interface ContractRegion {
  readonly name: string;
  readonly kind: ContractKind;
  readonly abstract: boolean;
  /** Names after `is`, in order (qualified names keep their last segment). */
  readonly bases: readonly string[];
  /** Token index of the first token (`abstract` or the keyword). */
  readonly firstToken: number;
  /** Token index of the body's opening brace. */
  readonly bodyStart: number;
  /** Token index of the closing brace (exclusive end is `lastToken + 1`). */
  readonly lastToken: number;
  /** Character offsets of the whole definition. */
  readonly start: number;
  readonly end: number;
}

const KINDS = new Set<string>(['contract', 'interface', 'library']);

function isPunct(stream: TokenStream, i: number, text: string): boolean {
  return stream.kinds[i] === TokenKind.Punct && tokenText(stream, i) === text;
}

function matchingBrace(stream: TokenStream, open: number): number {
  let depth = 0;
  for (let i = open; i < stream.count; i += 1) {
    if (stream.kinds[i] !== TokenKind.Punct) continue;
    const t = tokenText(stream, i);
    if (t === '{') depth += 1;
    else if (t === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return stream.count - 1;
}

function readBases(stream: TokenStream, from: number, to: number): string[] {
  const bases: string[] = [];
  let depth = 0;
  let last: string | undefined;
  for (let i = from; i < to; i += 1) {
    const t = tokenText(stream, i);
    if (t === '(') depth += 1;
    else if (t === ')') depth -= 1;
    else if (depth === 0 && t === ',') {
      if (last) bases.push(last);
      last = undefined;
    } else if (depth === 0 && stream.kinds[i] === TokenKind.Identifier && t !== 'is') last = t;
  }
  if (last) bases.push(last);
  return bases;
}

/** Top-level contract-like definitions, in source order. */
export function findContracts(stream: TokenStream): ContractRegion[] {
  const regions: ContractRegion[] = [];
  let depth = 0;
  for (let i = 0; i < stream.count; i += 1) {
    const kind = stream.kinds[i];
    if (kind === TokenKind.Punct) {
      const t = tokenText(stream, i);
      if (t === '{') depth += 1;
      else if (t === '}') depth = Math.max(0, depth - 1);
      continue;
    }
    if (depth !== 0 || kind !== TokenKind.Identifier) continue;
    const word = tokenText(stream, i);
    if (!KINDS.has(word) || stream.kinds[i + 1] !== TokenKind.Identifier) continue;
    let open = i + 2;
    while (open < stream.count && !isPunct(stream, open, '{') && !isPunct(stream, open, ';')) open += 1;
    if (open >= stream.count || !isPunct(stream, open, '{')) continue;
    const close = matchingBrace(stream, open);
    const isAbstract = i > 0 && tokenText(stream, i - 1) === 'abstract';
    const first = isAbstract ? i - 1 : i;
    regions.push({
      name: tokenText(stream, i + 1),
      kind: word as ContractKind,
      abstract: isAbstract,
      bases: readBases(stream, i + 2, open),
      firstToken: first,
      bodyStart: open,
      lastToken: close,
      start: stream.starts[first] ?? 0,
      end: stream.ends[close] ?? stream.source.length,
    });
    i = close;
  }
  return regions;
}
