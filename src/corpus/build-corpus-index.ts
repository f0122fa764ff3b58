/**
 * Builds the reference corpus: loads what the store already holds, then reads the
 * reference packages from node_modules and fingerprints only files that are new or
 * changed (by content hash), so the first start pays once and later starts only read.
 * Signatures declared in new or changed packages go to the signature database.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { documentFingerprints, FINGERPRINT_VERSION } from '../analysis/similarity/fingerprint-source.ts';
import { SimilarityIndex } from '../analysis/similarity/similarity-index.ts';
import { extractSignatures } from '../signatures/extract-signatures.ts';
import type { SignatureDatabase } from '../signatures/signature-database.ts';
import type { CorpusDocument, CorpusStore } from './corpus-store.ts';
import { isReferenceFile, REFERENCE_PACKAGES, type ReferencePackage } from './reference-packages.ts';

export interface BuildCorpusIndexOptions {
  readonly store: CorpusStore;
  /** Receives the signatures of new or changed packages, when given. */
  readonly signatures?: SignatureDatabase;
  readonly packages?: readonly ReferencePackage[];
  /** Where packages are installed (default: the project's node_modules). */
  readonly nodeModulesDir?: string;
}

export interface PackageReport {
  readonly package: string;
  readonly version: string | null;
  readonly files: number;
  readonly fingerprinted: number;
  readonly removed: number;
}

export interface CorpusBuildResult {
  readonly index: SimilarityIndex;
  readonly documents: number;
  readonly packages: PackageReport[];
  /** Packages of the list that are not installed. */
  readonly missing: string[];
  readonly fingerprinted: number;
  readonly fingerprintedChars: number;
  readonly elapsedMs: number;
}

export const DEFAULT_NODE_MODULES = new URL('../../node_modules/', import.meta.url).pathname;

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function listSolidity(dir: string, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) listSolidity(path, out);
    else if (entry.endsWith('.sol')) out.push(path);
  }
  return out;
}

interface InstalledPackage {
  readonly root: string;
  readonly name: string;
  readonly version: string;
}

function installed(nodeModules: string, pkg: ReferencePackage): InstalledPackage | undefined {
  const root = join(nodeModules, pkg.installedAs);
  try {
    const meta = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: string; version?: string };
    return { root, name: meta.name ?? pkg.installedAs, version: meta.version ?? '0.0.0' };
  } catch {
    return undefined;
  }
}

async function refreshStale(store: CorpusStore, docs: CorpusDocument[]): Promise<CorpusDocument[]> {
  const out: CorpusDocument[] = [];
  for (const doc of docs) {
    if (doc.fingerprintVersion === FINGERPRINT_VERSION) {
      out.push(doc);
      continue;
    }
    const text = await store.content(doc.file);
    if (text === undefined) continue;
    const fresh = { ...doc, fingerprintVersion: FINGERPRINT_VERSION, fingerprints: documentFingerprints(text) };
    await store.upsert(fresh, text);
    out.push(fresh);
  }
  return out;
}

/**
 * @example
 * const { index } = await buildCorpusIndex({ store: new KyselyCorpusStore(db), signatures });
 * computeSimilarity(index, { 'Token.sol': source });
 */
export async function buildCorpusIndex(options: BuildCorpusIndexOptions): Promise<CorpusBuildResult> {
  const started = performance.now();
  const { store } = options;
  const nodeModules = options.nodeModulesDir ?? DEFAULT_NODE_MODULES;
  const known = new Map((await refreshStale(store, await store.list())).map((d) => [d.file, d]));
  const packages: PackageReport[] = [];
  const missing: string[] = [];
  let fingerprinted = 0;
  let fingerprintedChars = 0;

  for (const pkg of options.packages ?? REFERENCE_PACKAGES) {
    const found = installed(nodeModules, pkg);
    if (!found) {
      missing.push(pkg.installedAs);
      continue;
    }
    const files = new Map<string, string>();
    const sources: Record<string, string> = {};
    let changed = 0;
    for (const dir of pkg.dirs) {
      for (const path of listSolidity(join(found.root, dir))) {
        const rel = relative(found.root, path);
        if (!isReferenceFile(rel)) continue;
        const file = `${found.name}@${found.version}/${rel}`;
        const text = readFileSync(path, 'utf8');
        files.set(file, text);
        sources[file] = text;
        const hash = contentHash(text);
        if (known.get(file)?.contentHash === hash) continue;
        const doc: CorpusDocument = {
          file,
          origin: pkg.origin,
          kind: 'package',
          packageName: pkg.installedAs,
          contentHash: hash,
          fingerprintVersion: FINGERPRINT_VERSION,
          fingerprints: documentFingerprints(text),
          addedAt: new Date().toISOString(),
        };
        await store.upsert(doc, text);
        known.set(file, doc);
        changed += 1;
        fingerprintedChars += text.length;
      }
    }
    // Files of this package that are no longer installed (another version): drop them.
    let removed = 0;
    for (const [file, doc] of known) {
      if (doc.kind === 'package' && doc.packageName === pkg.installedAs && !files.has(file)) {
        await store.remove(file);
        known.delete(file);
        removed += 1;
      }
    }
    if (changed > 0 && options.signatures) await options.signatures.addExtraction(extractSignatures(sources), 'corpus:');
    fingerprinted += changed;
    packages.push({ package: pkg.installedAs, version: found.version, files: files.size, fingerprinted: changed, removed });
  }

  const index = new SimilarityIndex();
  for (const doc of known.values()) index.add({ origin: doc.origin, file: doc.file, fingerprints: doc.fingerprints });
  return { index, documents: index.size, packages, missing, fingerprinted, fingerprintedChars, elapsedMs: performance.now() - started };
}
