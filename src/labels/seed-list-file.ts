/**
 * The transcribed label lists under src/labels/seed/lists/: tab-separated rows under a
 * header that says where they were read. A file that does not say which repository, path
 * and commit its rows come from, or whose rows do not parse, is refused: a seed without
 * provenance is not shipped.
 *
 *   # What the list is (first comment line, free text)
 *   # repository: owner/name
 *   # path: path/in/the/repository.json
 *   # commit: <40 hex digits>
 *   # retrieved: YYYY-MM-DD
 *   # network: ETH            (a network symbol, or * for every EVM network)
 *   # kept: which rows of the upstream file were transcribed, and how
 *   # address<TAB>label       (the column names)
 *   0x…<TAB>…
 */
import { getAddress } from 'viem';
import { isLabelNetwork } from './label-record.ts';

export const PROVENANCE_FIELDS = ['repository', 'path', 'commit', 'retrieved', 'network', 'kept'] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];

export interface SeedList {
  /** The file's name, for messages. */
  readonly name: string;
  /** The first comment line: what the list is. */
  readonly title: string;
  readonly fields: Readonly<Record<ProvenanceField, string>>;
  readonly columns: readonly string[];
  /** One record per data row, keyed by column; `line` is 1-based. */
  readonly rows: readonly { readonly line: number; readonly values: Readonly<Record<string, string>> }[];
}

export class SeedListError extends Error {
  override readonly name = 'SeedListError';
}

const FIELD_LINE = /^# ([a-z]+): (.*)$/;
const COMMIT = /^[0-9a-f]{40}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An address as the source wrote it, checked and lower-cased. Mixed case is an EIP-55
 * checksum and must match (viem's getAddress computes it): a transcription slip in a
 * checksummed address is caught here rather than shipped.
 */
export function checkedAddress(raw: string, where: string): string {
  if (!HEX_ADDRESS.test(raw)) throw new SeedListError(`${where}: "${raw}" is not a 0x-prefixed 20-byte hex address`);
  const mixedCase = raw.slice(2) !== raw.slice(2).toLowerCase() && raw.slice(2) !== raw.slice(2).toUpperCase();
  if (mixedCase && getAddress(raw) !== raw)
    throw new SeedListError(`${where}: ${raw} fails its EIP-55 checksum (expected ${getAddress(raw)})`);
  return raw.toLowerCase();
}

export function parseSeedList(name: string, text: string): SeedList {
  const fields: Partial<Record<ProvenanceField, string>> = {};
  let title = '';
  let columns: string[] = [];
  const rows: { line: number; values: Record<string, string> }[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const where = `${name} line ${i + 1}`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      if (rows.length > 0) throw new SeedListError(`${where}: header lines come before the rows`);
      const field = FIELD_LINE.exec(line);
      if (field && (PROVENANCE_FIELDS as readonly string[]).includes(field[1]!)) fields[field[1] as ProvenanceField] = field[2]!.trim();
      else if (line.includes('\t')) columns = line.replace(/^#\s*/, '').split('\t');
      else if (title === '') title = line.replace(/^#\s*/, '');
      return;
    }
    if (columns.length === 0) throw new SeedListError(`${where}: a row before the "# column<TAB>column" line`);
    const cells = line.split('\t');
    if (cells.length !== columns.length)
      throw new SeedListError(`${where}: ${cells.length} cells, the header names ${columns.length} (${columns.join(', ')})`);
    rows.push({ line: i + 1, values: Object.fromEntries(columns.map((c, k) => [c, cells[k]!.trim()])) });
  });
  const missing = PROVENANCE_FIELDS.filter((f) => !fields[f]);
  if (missing.length > 0) throw new SeedListError(`${name}: the header does not say ${missing.join(', ')}`);
  if (!COMMIT.test(fields.commit!)) throw new SeedListError(`${name}: commit "${fields.commit}" is not 40 hex digits`);
  if (!DATE.test(fields.retrieved!) || Number.isNaN(Date.parse(fields.retrieved!)))
    throw new SeedListError(`${name}: retrieved "${fields.retrieved}" is not a YYYY-MM-DD date`);
  if (!isLabelNetwork(fields.network!)) throw new SeedListError(`${name}: unknown network "${fields.network}"`);
  if (!columns.includes('address')) throw new SeedListError(`${name}: no address column`);
  if (title === '') throw new SeedListError(`${name}: no title line saying what the list is`);
  if (rows.length === 0) throw new SeedListError(`${name}: no rows`);
  for (const row of rows) checkedAddress(row.values.address!, `${name} line ${row.line}`);
  return { name, title, fields: fields as Record<ProvenanceField, string>, columns, rows };
}

/** One sentence saying where the rows were read: the repository, path and commit, and what was kept. */
export function provenanceOf(source: SeedList): string {
  const f = source.fields;
  return (
    `${source.title} — github.com/${f.repository} ${f.path} at commit ${f.commit}, transcribed into ` +
    `src/labels/seed/lists/${source.name} on ${f.retrieved} (${source.rows.length} rows). Kept: ${f.kept}`
  );
}
