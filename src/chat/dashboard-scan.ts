/**
 * The chat's view of a dashboard scan (issue 15's `dashboard_scans`, docs/dashboard-scans-api.md):
 * a finished scan the account owns, or a public one, read from its stored result. The
 * facts are kept per scan and finish time, so a conversation does not rerun the analysis.
 */
import type { Kysely } from 'kysely';
import type { DashboardScanTables, Database } from '../store/schema.ts';
import { factsFromSources } from './facts-from-sources.ts';
import type { ScanFacts, ScanFactsInput } from './scan-facts.ts';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function textFiles(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(record(value) ?? {})) if (typeof text === 'string') out[name] = text;
  return out;
}

export interface DashboardScanRow {
  readonly id: string;
  readonly title: string;
  readonly network: string | null;
  readonly address: string | null;
  /** The stored result JSON (SourceResult or AddressResult). */
  readonly result: string;
}

/** The facts input of a stored result: a source scan's `report`, an address scan's cyberscan answer. */
export function factsInputOf(row: DashboardScanRow): ScanFactsInput & { sources: Record<string, string> } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.result);
  } catch {
    parsed = null;
  }
  const result = record(parsed) ?? {};
  const report = record(result.report);
  const layout = record(result.auditLayout);
  const meta = record(result.meta);
  const score = record(report?.score);
  const findings = Array.isArray(report?.findings) ? report.findings : Array.isArray(meta?.findings) ? meta.findings : null;
  const security =
    typeof score?.security === 'number' ? score.security : typeof layout?.securityScore === 'number' ? layout.securityScore : null;
  return {
    scanId: row.id,
    target: row.title,
    network: row.network,
    address: row.address,
    sources: textFiles(result.sources),
    findings,
    taxes: report ? report.taxes : layout?.taxes,
    simulation: meta?.simulation,
    similarity: report ? report.similarity : layout?.similarity,
    audit: result.auditResource,
    securityScore: security,
  };
}

export function createDashboardScanLoader(store: Kysely<Database>, options: { cacheSize?: number } = {}) {
  const db = store.withTables<DashboardScanTables>();
  const cache = new Map<string, ScanFacts>();
  const max = options.cacheSize ?? 50;
  return async function loadScan(scanId: string, accountId: string): Promise<ScanFacts | null> {
    const row = await db
      .selectFrom('dashboard_scans')
      .select(['id', 'account_id', 'visibility', 'status', 'title', 'network', 'address', 'result', 'finished_at'])
      .where('id', '=', scanId)
      .executeTakeFirst();
    // A private scan is its account's alone; a scan still running has nothing to talk about.
    if (!row || row.result === null || row.status !== 'done') return null;
    if (row.visibility !== 'public' && row.account_id !== accountId) return null;
    const key = `${row.id} ${row.finished_at ?? ''}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const facts = factsFromSources(factsInputOf({ ...row, result: row.result }));
    cache.set(key, facts);
    if (cache.size > max) cache.delete(cache.keys().next().value!);
    return facts;
  };
}
