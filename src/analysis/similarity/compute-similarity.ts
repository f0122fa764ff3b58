/**
 * Similarity of a scanned source to the reference corpus, in the spec's shape:
 * `ranks` (reference files found in the source) and `contracts` (per contract of the
 * source, its best reference match and the region of the source that matches).
 */
import { fingerprintSource, type SourceFingerprints } from './fingerprint-source.ts';
import { sortedHas, type SimilarityIndex } from './similarity-index.ts';
import { SimilarityInputError } from './similarity-error.ts';
import { DEFAULT_WINNOW, uniqueSorted, type WinnowParameters } from './winnow.ts';

export interface SimilarityRank {
  /** Share of the reference file's fingerprints found in the source, 0..1. */
  readonly score: number;
  readonly origin: string;
  readonly file: string;
}

export interface SimilarityContract {
  /** Name of the contract in the scanned source. */
  readonly name: string;
  /** Character offsets, into `source`, of the first and last matching token (end exclusive). */
  readonly start: number;
  readonly end: number;
  /** Share of the contract's fingerprints found in the reference file, 0..1. */
  readonly score: number;
  readonly origin: string;
  readonly file: string;
}

export interface Similarity {
  readonly ranks: SimilarityRank[];
  readonly contracts: SimilarityContract[];
  /** The text the offsets point into: the single file as given, or the files joined. */
  readonly source: string;
}

export interface SimilarityOptions {
  /** Matches scoring below this are left out (default 0.1). */
  readonly minScore?: number;
  /** A rank needs at least this many shared fingerprints (default 3). */
  readonly minShared?: number;
  /** Length of `ranks` at most (default 10). */
  readonly maxRanks?: number;
  readonly winnow?: WinnowParameters;
}

/** Largest source accepted, in characters (all files together). */
export const MAX_SIMILARITY_SOURCE_CHARS = 4 * 1024 * 1024;

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Joins several files the way flatteners do, so offsets point into one text. */
export function joinSources(sources: Readonly<Record<string, string>>): string {
  const entries = Object.entries(sources);
  if (entries.length === 1) return entries[0]?.[1] ?? '';
  return entries.map(([path, text]) => `// File: ${path}\n${text}\n`).join('\n');
}

function validate(sources: Readonly<Record<string, string>>): void {
  const entries = Object.entries(sources);
  if (entries.length === 0) throw new SimilarityInputError('no source files given');
  let total = 0;
  for (const [path, text] of entries) {
    if (typeof text !== 'string') throw new SimilarityInputError(`source file ${path} is not text`, { path });
    total += text.length;
  }
  if (total > MAX_SIMILARITY_SOURCE_CHARS) {
    throw new SimilarityInputError(`source is too large: ${total} characters, at most ${MAX_SIMILARITY_SOURCE_CHARS}`, {
      chars: total,
      limit: MAX_SIMILARITY_SOURCE_CHARS,
    });
  }
}

function rankFiles(index: SimilarityIndex, hashes: Uint32Array, options: Required<Omit<SimilarityOptions, 'winnow'>>): SimilarityRank[] {
  const { docs, counts } = index.overlaps(hashes);
  const ranked: { score: number; shared: number; origin: string; file: string }[] = [];
  for (const slot of docs) {
    const doc = index.document(slot);
    const shared = counts[slot] ?? 0;
    if (!doc || shared < options.minShared || doc.fingerprints.length === 0) continue;
    const score = shared / doc.fingerprints.length;
    if (score >= options.minScore) ranked.push({ score, shared, origin: doc.origin, file: doc.file });
  }
  ranked.sort((a, b) => b.score - a.score || b.shared - a.shared || a.file.localeCompare(b.file));
  return ranked.slice(0, options.maxRanks).map((r) => ({ score: round(r.score), origin: r.origin, file: r.file }));
}

function bestContractMatch(
  index: SimilarityIndex,
  fp: SourceFingerprints,
  name: string,
  from: number,
  to: number,
  minScore: number,
): SimilarityContract | undefined {
  // Fingerprints are in source order: find the contract's range by binary search.
  const own: number[] = [];
  let lo = 0;
  let hi = fp.hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((fp.firstTokens[mid] ?? 0) < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < fp.hashes.length && (fp.firstTokens[i] ?? 0) <= to; i += 1) {
    if ((fp.lastTokens[i] ?? 0) <= to) own.push(i);
  }
  if (own.length === 0) return undefined;
  const unique = uniqueSorted(Uint32Array.from(own, (i) => fp.hashes[i] ?? 0));
  const { docs, counts } = index.overlaps(unique);
  let best = -1;
  let bestScore = 0;
  let bestTie = 0;
  for (const slot of docs) {
    const doc = index.document(slot);
    const shared = counts[slot] ?? 0;
    if (!doc) continue;
    const score = shared / unique.length;
    // Between equally contained references prefer the closest one (e.g. the right version).
    const tie = shared / (unique.length + doc.fingerprints.length - shared);
    if (score > bestScore || (score === bestScore && tie > bestTie)) {
      best = slot;
      bestScore = score;
      bestTie = tie;
    }
  }
  const doc = index.document(best);
  if (!doc || bestScore < minScore || bestScore === 0) return undefined;
  let start = Number.MAX_SAFE_INTEGER;
  let end = 0;
  for (const i of own) {
    if (!sortedHas(doc.fingerprints, fp.hashes[i] ?? 0)) continue;
    start = Math.min(start, fp.tokens.starts[fp.firstTokens[i] ?? 0] ?? 0);
    end = Math.max(end, fp.tokens.ends[fp.lastTokens[i] ?? 0] ?? 0);
  }
  return { name, start, end, score: round(bestScore), origin: doc.origin, file: doc.file };
}

/**
 * Compares Solidity sources (path -> text) with the corpus index.
 *
 * @example
 * const similarity = computeSimilarity(index, { 'Token.sol': text });
 * similarity.contracts[0]; // { name: 'Token', start: 120, end: 4810, score: 0.97, origin: 'openzeppelin', file: '…/ERC20.sol' }
 */
export function computeSimilarity(
  index: SimilarityIndex,
  sources: Readonly<Record<string, string>>,
  options: SimilarityOptions = {},
): Similarity {
  validate(sources);
  const source = joinSources(sources);
  const params = options.winnow ?? DEFAULT_WINNOW;
  const fp = fingerprintSource(source, params);
  if (fp.tokens.count === 0) throw new SimilarityInputError('source is empty: no Solidity code found');
  const resolved = {
    minScore: options.minScore ?? 0.1,
    minShared: options.minShared ?? 3,
    maxRanks: options.maxRanks ?? 10,
  };
  const ranks = rankFiles(index, uniqueSorted(fp.hashes), resolved);
  const contracts: SimilarityContract[] = [];
  for (const region of fp.contracts) {
    const match = bestContractMatch(index, fp, region.name, region.firstToken, region.lastToken, resolved.minScore);
    if (match) contracts.push(match);
  }
  return { ranks, contracts, source };
}
