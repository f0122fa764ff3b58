/**
 * Reads 4byte-style signature dumps: one text signature per line (optionally preceded
 * by its hash: `0x70a08231 balanceOf(address)` or `0x70a08231,balanceOf(address)`), or
 * JSON: an array of `{hex_signature, text_signature}` objects, or a 4byte API page
 * `{results: [...]}`. A 32-byte hash marks an event (4byte's event database), a 4-byte
 * one a function. Lines that cannot be read, or whose hash does not match the text, are
 * rejected with a reason; the rest are imported.
 */
import type { SignatureKind } from './extract-signatures.ts';
import { canonicalSignature } from './canonical-signature.ts';
import { signatureHashes } from './signature-hash.ts';
import { SignatureDumpError } from './signature-errors.ts';

export interface DumpEntry {
  readonly text: string;
  readonly kind: SignatureKind;
}

export interface DumpRejection {
  /** 1-based line number, or the index in a JSON array. */
  readonly at: number;
  readonly reason: string;
}

export interface ParsedDump {
  readonly entries: DumpEntry[];
  readonly rejected: DumpRejection[];
}

const HASHED_LINE = /^(?:0x)?([0-9a-fA-F]{8}|[0-9a-fA-F]{64})[\s,;:]+(.+)$/;

function entryFor(text: string, hash: string | undefined, defaultKind: SignatureKind): DumpEntry {
  const canonical = canonicalSignature(text);
  if (hash === undefined) return { text: canonical, kind: defaultKind };
  const h = hash.toLowerCase().replace(/^0x/, '');
  const { topic, selector } = signatureHashes(canonical);
  const expected = h.length === 64 ? topic.slice(2) : selector.slice(2);
  if (h !== expected) throw new Error(`hash 0x${h} does not match ${canonical} (0x${expected})`);
  return { text: canonical, kind: h.length === 64 ? 'event' : defaultKind };
}

function parseJson(text: string, defaultKind: SignatureKind): ParsedDump {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SignatureDumpError(`the dump is not valid JSON: ${(error as Error).message}`, {}, { cause: error });
  }
  const list = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(list))
    throw new SignatureDumpError('a JSON dump must be an array of {hex_signature, text_signature} or {results: [...]}');
  const entries: DumpEntry[] = [];
  const rejected: DumpRejection[] = [];
  list.forEach((item: unknown, at) => {
    const record = item as { text_signature?: unknown; hex_signature?: unknown } | null;
    try {
      if (typeof record?.text_signature !== 'string') throw new Error('text_signature is missing');
      const hash = typeof record.hex_signature === 'string' ? record.hex_signature : undefined;
      if (hash !== undefined && !/^(?:0x)?([0-9a-fA-F]{8}|[0-9a-fA-F]{64})$/.test(hash))
        throw new Error(`hex_signature ${hash} is not a 4- or 32-byte hash`);
      entries.push(entryFor(record.text_signature, hash, defaultKind));
    } catch (error) {
      rejected.push({ at, reason: (error as Error).message });
    }
  });
  return { entries, rejected };
}

function parseLines(text: string, defaultKind: SignatureKind): ParsedDump {
  const entries: DumpEntry[] = [];
  const rejected: DumpRejection[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const hashed = HASHED_LINE.exec(line);
    try {
      entries.push(hashed ? entryFor(hashed[2] ?? '', hashed[1], defaultKind) : entryFor(line, undefined, defaultKind));
    } catch (error) {
      rejected.push({ at: i + 1, reason: (error as Error).message });
    }
  }
  return { entries, rejected };
}

export function parseSignatureDump(text: string, defaultKind: SignatureKind = 'function'): ParsedDump {
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? parseJson(text, defaultKind) : parseLines(text, defaultKind);
}
