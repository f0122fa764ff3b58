/**
 * Winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003): hash every k-gram of the
 * symbol stream and keep the minimum hash of each window of w consecutive hashes. Any
 * shared run of at least k + w - 1 symbols is guaranteed to share a fingerprint, and
 * the number of fingerprints is about 2 / (w + 1) of the number of k-grams.
 */
import type { SymbolStream } from './normalize-tokens.ts';

export interface WinnowParameters {
  /** k-gram length in symbols. */
  readonly k: number;
  /** Window length in k-grams. */
  readonly w: number;
}

/** Values used for the corpus; changing them invalidates persisted fingerprints. */
export const DEFAULT_WINNOW: WinnowParameters = { k: 14, w: 8 };

export interface Fingerprints {
  /** Selected hashes in stream order (a hash may repeat). */
  readonly hashes: Uint32Array;
  /** Symbol index where each selected k-gram starts. */
  readonly positions: Uint32Array;
}

const BASE = 0x01000193;

/** Final avalanche of murmur3 so that min-selection is not biased by the polynomial. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function kgramHashes(symbols: Uint32Array, k: number): Uint32Array {
  const n = symbols.length - k + 1;
  if (n <= 0) return new Uint32Array(0);
  let power = 1;
  for (let i = 1; i < k; i += 1) power = Math.imul(power, BASE);
  const out = new Uint32Array(n);
  let h = 0;
  for (let i = 0; i < k; i += 1) h = (Math.imul(h, BASE) + (symbols[i] ?? 0)) | 0;
  out[0] = mix(h);
  for (let i = 1; i < n; i += 1) {
    h = (h - Math.imul(symbols[i - 1] ?? 0, power)) | 0;
    h = (Math.imul(h, BASE) + (symbols[i + k - 1] ?? 0)) | 0;
    out[i] = mix(h);
  }
  return out;
}

/** Winnowed fingerprints of a symbol stream (empty when it is shorter than k). */
export function winnow(stream: SymbolStream, params: WinnowParameters = DEFAULT_WINNOW): Fingerprints {
  const grams = kgramHashes(stream.symbols, params.k);
  const hashes: number[] = [];
  const positions: number[] = [];
  if (grams.length === 0) return { hashes: new Uint32Array(0), positions: new Uint32Array(0) };
  const w = Math.min(params.w, grams.length);
  let lastPicked = -1;
  for (let start = 0; start + w <= grams.length; start += 1) {
    // Rightmost minimum of the window, as in the paper (robust winnowing).
    let min = start;
    for (let j = start + 1; j < start + w; j += 1) if ((grams[j] ?? 0) <= (grams[min] ?? 0)) min = j;
    if (min !== lastPicked) {
      hashes.push(grams[min] ?? 0);
      positions.push(min);
      lastPicked = min;
    }
  }
  return { hashes: Uint32Array.from(hashes), positions: Uint32Array.from(positions) };
}

/** Distinct hashes, sorted ascending: the form stored per corpus document. */
export function uniqueSorted(hashes: Uint32Array): Uint32Array {
  const sorted = Uint32Array.from(hashes).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i] ?? 0;
  }
  return sorted.slice(0, n);
}
