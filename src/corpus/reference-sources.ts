/**
 * Operator-added reference sources (a known scam template, an in-house library): kept
 * in the corpus store under their label, indexed at once, and their signatures added.
 */
import { documentFingerprints, FINGERPRINT_VERSION } from '../analysis/similarity/fingerprint-source.ts';
import type { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';
import { lexSolidity } from '../analysis/similarity/lex-solidity.ts';
import { extractSignatures } from '../signatures/extract-signatures.ts';
import type { SignatureDatabase } from '../signatures/signature-database.ts';
import { contentHash } from './build-corpus-index.ts';
import { CorpusError } from './corpus-error.ts';
import type { CorpusDocument, CorpusStore } from './corpus-store.ts';

export interface ReferenceSourceDeps {
  readonly store: CorpusStore;
  readonly index: SimilarityIndex;
  readonly signatures?: SignatureDatabase;
}

export interface ReferenceSourceInput {
  /** Unique name shown as `file` in results, e.g. `SafeMoon fork template`. */
  readonly label: string;
  /** Shown as `origin`, e.g. `scam-template`. */
  readonly origin: string;
  readonly content: string;
}

export const MAX_REFERENCE_SOURCE_CHARS = 2 * 1024 * 1024;
const LABEL = /^[\w .@/:+-]{1,200}$/;
const ORIGIN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

export async function addReferenceSource(deps: ReferenceSourceDeps, input: ReferenceSourceInput): Promise<CorpusDocument> {
  const label = input.label.trim();
  if (!LABEL.test(label)) throw new CorpusError('a label is 1 to 200 letters, digits, spaces or . @ / : + - _', { label });
  if (!ORIGIN.test(input.origin))
    throw new CorpusError('an origin is a lower-case word of letters, digits, . _ - (at most 64)', { origin: input.origin });
  if (input.content.length > MAX_REFERENCE_SOURCE_CHARS)
    throw new CorpusError(`the source is larger than ${MAX_REFERENCE_SOURCE_CHARS} characters`);
  const existing = (await deps.store.list()).find((d) => d.file === label);
  if (existing && existing.kind !== 'operator') throw new CorpusError(`${label} names a package file; choose another label`, { label });
  const fingerprints = documentFingerprints(input.content);
  if (lexSolidity(input.content).count === 0 || fingerprints.length === 0) {
    throw new CorpusError('the source has too little Solidity code to be compared', { label });
  }
  const doc: CorpusDocument = {
    file: label,
    origin: input.origin,
    kind: 'operator',
    packageName: null,
    contentHash: contentHash(input.content),
    fingerprintVersion: FINGERPRINT_VERSION,
    fingerprints,
    addedAt: new Date().toISOString(),
  };
  await deps.store.upsert(doc, input.content);
  deps.index.add({ origin: doc.origin, file: doc.file, fingerprints });
  if (deps.signatures) await deps.signatures.addExtraction(extractSignatures({ [label]: input.content }), 'operator:');
  return doc;
}

export async function removeReferenceSource(deps: ReferenceSourceDeps, label: string): Promise<boolean> {
  const doc = (await deps.store.list()).find((d) => d.file === label);
  if (!doc) return false;
  if (doc.kind !== 'operator') throw new CorpusError(`${label} comes from an installed package and is not removed by hand`, { label });
  await deps.store.remove(label);
  deps.index.remove(label);
  return true;
}
