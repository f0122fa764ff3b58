/** The dashboard's scans in the database (table dashboard_scans, migration 0005). */
import type { Kysely } from 'kysely';
import type { Database, DashboardScansTable, DashboardScanTables } from '../store/schema.ts';
import type { DashboardScanKind, DashboardScanStatus, RepositoryRef, ScanSummary, Stage } from '../spec/schemas/dashboard-scans.ts';

export interface DashboardScanRecord {
  readonly summary: ScanSummary;
  readonly accountId: string;
  readonly stages: Stage[];
  readonly result: Record<string, unknown> | null;
  readonly error: string | null;
}

export interface NewDashboardScan {
  readonly id: string;
  readonly accountId: string;
  readonly kind: DashboardScanKind;
  readonly visibility: 'public' | 'private';
  readonly title: string;
  readonly network: string | null;
  readonly address: string | null;
  readonly repository: RepositoryRef | null;
  readonly stages: Stage[];
  readonly createdAt: string;
}

export interface DashboardScanRepository {
  insert(scan: NewDashboardScan): Promise<void>;
  /** Saves the stages (and the status) while the scan runs. */
  saveProgress(id: string, status: DashboardScanStatus, stages: readonly Stage[]): Promise<void>;
  finish(
    id: string,
    outcome: { status: 'done' | 'failed'; stages: readonly Stage[]; result: unknown; error: string | null; at: string },
  ): Promise<void>;
  find(id: string): Promise<DashboardScanRecord | undefined>;
  listForAccount(accountId: string, limit: number): Promise<ScanSummary[]>;
  /** Scans of this account created since `since` that are still queued or running. */
  countRunning(accountId: string, since: string): Promise<number>;
  /** Marks scans still queued or running that were created before `before` as failed (a process that ran them stopped). */
  failAbandoned(before: string, at: string, reason: string): Promise<number>;
}

export function createDashboardScanRepository(base: Kysely<Database>): DashboardScanRepository {
  const db = base.withTables<DashboardScanTables>();
  const summaryColumns = [
    'id',
    'account_id',
    'kind',
    'status',
    'visibility',
    'title',
    'network',
    'address',
    'repository',
    'created_at',
    'finished_at',
  ] as const;
  return {
    async insert(scan) {
      await db
        .insertInto('dashboard_scans')
        .values({
          id: scan.id,
          account_id: scan.accountId,
          kind: scan.kind,
          status: 'queued',
          visibility: scan.visibility,
          title: scan.title,
          network: scan.network,
          address: scan.address,
          repository: scan.repository ? JSON.stringify(scan.repository) : null,
          stages: JSON.stringify(scan.stages),
          result: null,
          error: null,
          created_at: scan.createdAt,
          finished_at: null,
        })
        .execute();
    },
    async saveProgress(id, status, stages) {
      await db
        .updateTable('dashboard_scans')
        .set({ status, stages: JSON.stringify(stages) })
        .where('id', '=', id)
        .execute();
    },
    async finish(id, outcome) {
      await db
        .updateTable('dashboard_scans')
        .set({
          status: outcome.status,
          stages: JSON.stringify(outcome.stages),
          result: outcome.result === null ? null : JSON.stringify(outcome.result),
          error: outcome.error,
          finished_at: outcome.at,
        })
        .where('id', '=', id)
        .execute();
    },
    async find(id) {
      const row = await db.selectFrom('dashboard_scans').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return {
        summary: toSummary(row),
        accountId: row.account_id,
        stages: JSON.parse(row.stages) as Stage[],
        result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
        error: row.error,
      };
    },
    async countRunning(accountId, since) {
      const row = await db
        .selectFrom('dashboard_scans')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('status', 'in', ['queued', 'running'])
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async failAbandoned(before, at, reason) {
      const result = await db
        .updateTable('dashboard_scans')
        .set({ status: 'failed', error: reason, finished_at: at })
        .where('status', 'in', ['queued', 'running'])
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async listForAccount(accountId, limit) {
      const rows = await db
        .selectFrom('dashboard_scans')
        .select(summaryColumns)
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toSummary);
    },
  };
}

type SummaryRow = Pick<
  DashboardScansTable,
  'id' | 'kind' | 'status' | 'visibility' | 'title' | 'network' | 'address' | 'repository' | 'created_at' | 'finished_at'
>;

function toSummary(row: SummaryRow): ScanSummary {
  return {
    id: row.id,
    kind: row.kind as DashboardScanKind,
    status: row.status as DashboardScanStatus,
    title: row.title,
    network: row.network,
    address: row.address,
    repository: row.repository === null ? null : (JSON.parse(row.repository) as RepositoryRef),
    visibility: row.visibility === 'private' ? 'private' : 'public',
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
