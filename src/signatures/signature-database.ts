/**
 * Signaturescan: the database of function, event and error signatures, filled from
 * sources (corpus and scanned verified contracts) and 4byte-style dumps, looked up by
 * text or by hash. Storage is behind `SignatureStore`.
 */
import type { Hex } from 'viem';
import { extractSignatures, type SignatureExtraction } from './extract-signatures.ts';
import { parseSignatureQuery } from './parse-signature-query.ts';
import { parseSignatureDump, type DumpRejection } from './parse-signature-dump.ts';
import { signatureHashes } from './signature-hash.ts';
import type { NewSignature, SignatureRecord, SignatureStore } from './signature-store.ts';
import type { SignatureKind } from './extract-signatures.ts';

export interface ImportReport {
  readonly read: number;
  readonly added: number;
  readonly rejected: DumpRejection[];
}

export class SignatureDatabase {
  readonly store: SignatureStore;

  constructor(store: SignatureStore) {
    this.store = store;
  }

  /**
   * Adds what `extractSignatures` found. Each contract is recorded under
   * `<keyPrefix><file>:<contract>` so that adding the same sources again does not
   * change the counts.
   */
  async addExtraction(extraction: SignatureExtraction, keyPrefix = ''): Promise<{ added: number; contracts: number }> {
    const rows = new Map<string, NewSignature>();
    for (const c of extraction.contracts) {
      for (const s of c.signatures) {
        const key = `${s.kind} ${s.text}`;
        if (!rows.has(key)) rows.set(key, { text: s.text, kind: s.kind, ...signatureHashes(s.text) });
      }
    }
    const added = await this.store.addSignatures([...rows.values()]);
    for (const c of extraction.contracts) {
      await this.store.setContract(
        `${keyPrefix}${c.file}:${c.contract ?? ''}`,
        c.signatures.map((s) => s.text),
      );
    }
    return { added, contracts: extraction.contracts.length };
  }

  /**
   * Adds the signatures of a scanned contract's verified source, counted once per
   * contract of that address however often it is scanned.
   */
  async addVerifiedSource(
    network: string,
    address: string,
    sources: Readonly<Record<string, string>>,
  ): Promise<{ added: number; contracts: number }> {
    return this.addExtraction(extractSignatures(sources), `verified:${network}:${address.toLowerCase()}:`);
  }

  /** Imports a 4byte-style dump (see `parseSignatureDump`). */
  async importDump(text: string, defaultKind: SignatureKind = 'function'): Promise<ImportReport> {
    const { entries, rejected } = parseSignatureDump(text, defaultKind);
    const rows = entries.map((e) => ({ ...e, ...signatureHashes(e.text) }));
    let added = 0;
    for (let i = 0; i < rows.length; i += 10_000) added += await this.store.addSignatures(rows.slice(i, i + 10_000));
    return { read: entries.length, added, rejected };
  }

  /**
   * Looks up `q`: a text signature (`balanceOf(address)`, names and spaces allowed),
   * a 4-byte selector or a 32-byte topic. Throws SignatureQueryError on a malformed q.
   */
  async lookup(q: unknown): Promise<SignatureRecord[]> {
    const query = parseSignatureQuery(q);
    if (query.by === 'selector') return this.store.bySelector(query.hash);
    if (query.by === 'topic') return this.store.byTopic(query.hash);
    const record = await this.store.byText(query.text);
    return record ? [record] : [];
  }

  /** Text signatures of functions known for each selector (unknown selectors map to []). */
  async resolveSelectors(selectors: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const selector of selectors) {
      const hash = selector.toLowerCase() as Hex;
      const records = await this.store.bySelector(hash);
      out.set(
        hash,
        records.filter((r) => r.types.includes('function')).map((r) => r.name),
      );
    }
    return out;
  }
}
