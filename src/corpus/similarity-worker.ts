/**
 * The body of a similarity worker thread (run by Tinypool, see similarity-pool.ts): the
 * comparison of a source with the corpus, off the API's event loop. Each worker rebuilds
 * the index from a shared snapshot once per corpus version and keeps it.
 */
import { computeSimilarity, type Similarity, type SimilarityOptions } from '../analysis/similarity/compute-similarity.ts';
import { indexFromSnapshot, type IndexSnapshot } from '../analysis/similarity/index-snapshot.ts';
import { SimilarityInputError } from '../analysis/similarity/similarity-error.ts';
import type { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';

export interface SimilarityTask {
  readonly snapshot: IndexSnapshot;
  readonly sources: Readonly<Record<string, string>>;
  readonly options?: SimilarityOptions;
}

/** Bad input comes back as a value: a custom error class does not survive the thread boundary. */
export type SimilarityAnswer =
  | { readonly ok: true; readonly similarity: Omit<Similarity, 'source'> }
  | { readonly ok: false; readonly message: string; readonly details: Readonly<Record<string, unknown>> };

let cached: { id: string; index: SimilarityIndex } | undefined;

export default function runSimilarity(task: SimilarityTask): SimilarityAnswer {
  if (cached?.id !== task.snapshot.id) cached = { id: task.snapshot.id, index: indexFromSnapshot(task.snapshot) };
  try {
    // The answer's `source` is the task's own text (or its files joined): the pool puts it
    // back from what it sent instead of cloning up to a megabyte back to the API thread.
    const { ranks, contracts } = computeSimilarity(cached.index, task.sources, task.options);
    return { ok: true, similarity: { ranks, contracts } };
  } catch (error) {
    if (error instanceof SimilarityInputError) return { ok: false, message: error.message, details: error.details };
    throw error;
  }
}
