/**
 * A copy of the similarity index that worker threads can share without copying the
 * fingerprints: all of them in one SharedArrayBuffer, the documents' names and offsets as
 * one JSON text (cloned cheaply with each job). A worker rebuilds the index once per
 * snapshot and keeps it. Pure: no I/O.
 */
import { SimilarityIndex } from './similarity-index.ts';

export interface IndexSnapshot {
  /** Distinguishes snapshots of different indexes and versions (a worker's cache key). */
  readonly id: string;
  /** `[[origin, file, offset, length], …]` in the index's order; offsets in 32-bit words. */
  readonly documents: string;
  readonly fingerprints: SharedArrayBuffer;
}

let nextId = 0;

/** Copies the live documents of the index, in their order (ties between matches depend on it). */
export function snapshotIndex(index: SimilarityIndex): IndexSnapshot {
  const docs = index.documents();
  const words = docs.reduce((n, d) => n + d.fingerprints.length, 0);
  const fingerprints = new SharedArrayBuffer(Math.max(4, words * 4));
  const all = new Uint32Array(fingerprints);
  const documents: [string, string, number, number][] = [];
  let offset = 0;
  for (const doc of docs) {
    all.set(doc.fingerprints, offset);
    documents.push([doc.origin, doc.file, offset, doc.fingerprints.length]);
    offset += doc.fingerprints.length;
  }
  nextId += 1;
  return { id: `${nextId}.${index.version}`, documents: JSON.stringify(documents), fingerprints };
}

/** The index a snapshot was made of; fingerprints are views on the shared memory, not copies. */
export function indexFromSnapshot(snapshot: IndexSnapshot): SimilarityIndex {
  const index = new SimilarityIndex();
  for (const [origin, file, offset, length] of JSON.parse(snapshot.documents) as [string, string, number, number][]) {
    index.add({ origin, file, fingerprints: new Uint32Array(snapshot.fingerprints, offset * 4, length) });
  }
  return index;
}
