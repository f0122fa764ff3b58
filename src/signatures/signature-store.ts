/**
 * Where the signature database keeps its rows. The in-memory implementation serves
 * tests, benchmarks and the CLI without a database; the store-backed one lives in
 * `kysely-signature-store.ts`.
 */
import type { Hex } from 'viem';
import type { SignatureKind } from './extract-signatures.ts';

/** A Signaturescan record: the public service's shape. */
export interface SignatureRecord {
  readonly id: number;
  /** The canonical text signature, e.g. `balanceOf(address)`. */
  readonly name: string;
  /** The kinds it is declared as (a text can be both a function and an event). */
  readonly types: SignatureKind[];
  /** keccak256 of the text, 32 bytes: an event's topic 0. */
  readonly signature: Hex;
  /** First 4 bytes of `signature`: a function's or error's selector. */
  readonly hash: Hex;
  /** How many contracts in the database declare it. */
  readonly total: number;
}

export interface NewSignature {
  readonly text: string;
  readonly kind: SignatureKind;
  readonly topic: Hex;
  readonly selector: Hex;
}

export interface SignatureStore {
  /** Adds signatures (or a kind to a known one). Returns how many texts were new. */
  addSignatures(rows: readonly NewSignature[]): Promise<number>;
  /**
   * Records that a contract declares these (already added) texts, replacing what was
   * recorded under the same key before, so re-adding a contract does not count twice.
   */
  setContract(contractKey: string, texts: readonly string[]): Promise<void>;
  byText(text: string): Promise<SignatureRecord | undefined>;
  bySelector(selector: Hex): Promise<SignatureRecord[]>;
  byTopic(topic: Hex): Promise<SignatureRecord[]>;
  counts(): Promise<{ signatures: number; contracts: number }>;
}

interface MemoryRow {
  id: number;
  text: string;
  kinds: Set<SignatureKind>;
  topic: Hex;
  selector: Hex;
  total: number;
}

export class InMemorySignatureStore implements SignatureStore {
  readonly #byText = new Map<string, MemoryRow>();
  readonly #bySelector = new Map<string, MemoryRow[]>();
  readonly #byTopic = new Map<string, MemoryRow>();
  readonly #contracts = new Map<string, MemoryRow[]>();

  async addSignatures(rows: readonly NewSignature[]): Promise<number> {
    let added = 0;
    for (const row of rows) {
      const known = this.#byText.get(row.text);
      if (known) {
        known.kinds.add(row.kind);
        continue;
      }
      const created: MemoryRow = {
        id: this.#byText.size + 1,
        text: row.text,
        kinds: new Set([row.kind]),
        topic: row.topic,
        selector: row.selector,
        total: 0,
      };
      this.#byText.set(row.text, created);
      this.#byTopic.set(row.topic, created);
      const list = this.#bySelector.get(row.selector);
      if (list) list.push(created);
      else this.#bySelector.set(row.selector, [created]);
      added += 1;
    }
    return added;
  }

  async setContract(contractKey: string, texts: readonly string[]): Promise<void> {
    for (const row of this.#contracts.get(contractKey) ?? []) row.total -= 1;
    const rows = [...new Set(texts)].map((t) => this.#byText.get(t)).filter((r): r is MemoryRow => r !== undefined);
    for (const row of rows) row.total += 1;
    this.#contracts.set(contractKey, rows);
  }

  async byText(text: string): Promise<SignatureRecord | undefined> {
    const row = this.#byText.get(text);
    return row ? toRecord(row) : undefined;
  }

  async bySelector(selector: Hex): Promise<SignatureRecord[]> {
    return (this.#bySelector.get(selector) ?? []).map(toRecord);
  }

  async byTopic(topic: Hex): Promise<SignatureRecord[]> {
    const row = this.#byTopic.get(topic);
    return row ? [toRecord(row)] : [];
  }

  async counts(): Promise<{ signatures: number; contracts: number }> {
    return { signatures: this.#byText.size, contracts: this.#contracts.size };
  }
}

const KIND_ORDER: SignatureKind[] = ['function', 'event', 'error'];

function toRecord(row: MemoryRow): SignatureRecord {
  return {
    id: row.id,
    name: row.text,
    types: KIND_ORDER.filter((k) => row.kinds.has(k)),
    signature: row.topic,
    hash: row.selector,
    total: row.total,
  };
}
