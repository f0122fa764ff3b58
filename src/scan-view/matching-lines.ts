/**
 * Which lines of a matched range appear, in the same order, in the origin's file: what
 * Similarityscan highlights when it shows the two side by side. The similarity score
 * comes from token fingerprints (winnow.ts) and names no place in the origin; this finds
 * the places a reader can see, line by line.
 *
 * Lines are compared with their whitespace collapsed; lines without a letter or digit
 * (`}`, `{`, blank lines) are shown but never count as a match, or every closing brace
 * would "match". The longest common subsequence of the remaining lines keeps the order
 * (code copied in order is what a match means); above MAX_CELLS the quadratic table is
 * not built and a line matches when its text occurs on the other side at all.
 */

export interface MatchingLines {
  /** Per line of `mine` (0-based): found in `theirs`. */
  readonly mine: readonly boolean[];
  /** Per line of `theirs`: one of the lines `mine` matched. */
  readonly theirs: readonly boolean[];
  /** Lines of `mine` that can match (they have a letter or digit). */
  readonly comparable: number;
  readonly matched: number;
}

const MAX_CELLS = 4_000_000;

function normalise(line: string): string | null {
  const text = line.trim().replace(/\s+/g, ' ');
  return /[A-Za-z0-9]/.test(text) ? text : null;
}

const lines = (text: string) => text.split(/\r?\n/);

export function matchingLines(mine: string, theirs: string): MatchingLines {
  const a = lines(mine);
  const b = lines(theirs);
  const aKeys = a.map(normalise);
  const bKeys = b.map(normalise);
  const aIdx = aKeys.flatMap((k, i) => (k === null ? [] : [i]));
  const bIdx = bKeys.flatMap((k, i) => (k === null ? [] : [i]));
  const mineHits = new Array<boolean>(a.length).fill(false);
  const theirHits = new Array<boolean>(b.length).fill(false);
  const n = aIdx.length;
  const m = bIdx.length;

  if (n * m > MAX_CELLS) {
    const inTheirs = new Set(bIdx.map((j) => bKeys[j]));
    const inMine = new Set(aIdx.map((i) => aKeys[i]));
    for (const i of aIdx) mineHits[i] = inTheirs.has(aKeys[i]);
    for (const j of bIdx) theirHits[j] = inMine.has(bKeys[j]);
  } else {
    // table[i][j]: LCS length of aIdx[i..] and bIdx[j..], one row of m+1 per i.
    const width = m + 1;
    const table = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        table[i * width + j] =
          aKeys[aIdx[i]!] === bKeys[bIdx[j]!]
            ? table[(i + 1) * width + j + 1]! + 1
            : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    for (let i = 0, j = 0; i < n && j < m;) {
      if (aKeys[aIdx[i]!] === bKeys[bIdx[j]!]) {
        mineHits[aIdx[i]!] = true;
        theirHits[bIdx[j]!] = true;
        i++;
        j++;
      } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i++;
      else j++;
    }
  }
  return { mine: mineHits, theirs: theirHits, comparable: n, matched: mineHits.filter(Boolean).length };
}
