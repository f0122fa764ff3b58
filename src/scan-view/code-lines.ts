/**
 * Solidity source → lines of highlighted tokens, for the dashboard's code viewer.
 *
 * Prism tokenises the whole file (a comment or string may span lines) and the tokens are
 * then cut at line ends, so each line renders on its own with its number and its finding
 * ranges, without HTML strings (the page runs under a strict CSP and inserts no markup).
 */
import Prism from 'prismjs';
import 'prismjs/components/prism-solidity.js';

export interface CodeToken {
  readonly text: string;
  /** Prism token types, outermost first (e.g. ['keyword']); empty for plain text. */
  readonly types: readonly string[];
}

export type CodeLine = readonly CodeToken[];

function flatten(stream: Prism.TokenStream, types: readonly string[], out: CodeToken[]): void {
  if (typeof stream === 'string') {
    if (stream !== '') out.push({ text: stream, types });
    return;
  }
  if (Array.isArray(stream)) {
    for (const part of stream) flatten(part, types, out);
    return;
  }
  const token = stream as Prism.Token;
  const alias = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  flatten(token.content, [...types, token.type, ...alias], out);
}

export function highlightLines(source: string): CodeLine[] {
  const grammar = Prism.languages['solidity'];
  const tokens: CodeToken[] = [];
  if (grammar) flatten(Prism.tokenize(source, grammar), [], tokens);
  else tokens.push({ text: source, types: [] });
  const lines: CodeToken[][] = [[]];
  for (const token of tokens) {
    const parts = token.text.split(/\r\n|\n|\r/);
    parts.forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text !== '') lines[lines.length - 1]!.push({ text, types: token.types });
    });
  }
  return lines;
}

/** Line numbers (1-based) inside any of the ranges; a range's end before its start counts as its start. */
export function linesInRanges(ranges: ReadonlyArray<readonly [number, number]>): Set<number> {
  const lines = new Set<number>();
  for (const [start, end] of ranges) for (let line = start; line <= Math.max(start, end) && line - start < 100_000; line++) lines.add(line);
  return lines;
}
