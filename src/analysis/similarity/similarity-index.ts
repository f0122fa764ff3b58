/**
 * The reference corpus as an inverted index: fingerprint -> documents that contain it.
 * Documents are added incrementally and removed by tombstone, so the index can follow
 * the store without a rebuild. Pure: no I/O; the corpus builder fills it.
 */

export interface ReferenceDocument {
  /** Where the code comes from, e.g. `openzeppelin`, `uniswap`, or an operator's label. */
  readonly origin: string;
  /** Reference file, e.g. `@openzeppelin/contracts@4.9.6/token/ERC20/ERC20.sol`. */
  readonly file: string;
  /** Distinct fingerprints, sorted ascending (see `documentFingerprints`). */
  readonly fingerprints: Uint32Array;
}

export interface OverlapCounts {
  /** Document slots that share at least one fingerprint. */
  readonly docs: number[];
  /** Shared fingerprint count, indexed by document slot (valid for `docs`). */
  readonly counts: Uint32Array;
}

export class SimilarityIndex {
  readonly #docs: (ReferenceDocument | undefined)[] = [];
  readonly #postings = new Map<number, number[]>();
  readonly #byFile = new Map<string, number>();
  #live = 0;
  #version = 0;

  /** Changes with every add and remove (a copy made at one version stays valid until it changes). */
  get version(): number {
    return this.#version;
  }

  /** Number of live documents. */
  get size(): number {
    return this.#live;
  }

  /** Adds a document (replacing one with the same file) and returns its slot. */
  add(doc: ReferenceDocument): number {
    const previous = this.#byFile.get(doc.file);
    if (previous !== undefined) this.remove(doc.file);
    const slot = this.#docs.length;
    this.#docs.push(doc);
    this.#byFile.set(doc.file, slot);
    this.#live += 1;
    this.#version += 1;
    for (const h of doc.fingerprints) {
      const list = this.#postings.get(h);
      if (list) list.push(slot);
      else this.#postings.set(h, [slot]);
    }
    return slot;
  }

  /** Removes a document by file; postings are left and skipped (tombstone). */
  remove(file: string): boolean {
    const slot = this.#byFile.get(file);
    if (slot === undefined) return false;
    this.#docs[slot] = undefined;
    this.#byFile.delete(file);
    this.#live -= 1;
    this.#version += 1;
    return true;
  }

  has(file: string): boolean {
    return this.#byFile.has(file);
  }

  document(slot: number): ReferenceDocument | undefined {
    return this.#docs[slot];
  }

  /** Live documents, in insertion order. */
  documents(): ReferenceDocument[] {
    return this.#docs.filter((d): d is ReferenceDocument => d !== undefined);
  }

  /** For each document, how many of `hashes` (distinct) it contains. */
  overlaps(hashes: Iterable<number>): OverlapCounts {
    const counts = new Uint32Array(this.#docs.length);
    const docs: number[] = [];
    for (const h of hashes) {
      const list = this.#postings.get(h);
      if (!list) continue;
      for (const slot of list) {
        if (counts[slot] === 0) {
          if (this.#docs[slot] === undefined) continue;
          docs.push(slot);
        }
        counts[slot] = (counts[slot] ?? 0) + 1;
      }
    }
    return { docs, counts };
  }
}

/** Whether a sorted array contains `value` (binary search). */
export function sortedHas(sorted: Uint32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid] ?? 0;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
