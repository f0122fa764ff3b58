/** The dashboard's scans in the database (table dashboard_scans, migration 0005). */
import type { Kysely } from 'kysely';
import type { Database, DashboardScansTable, DashboardScanTables } from '../store/schema.ts';
import type { DashboardScanKind, DashboardScanStatus, RepositoryRef, ScanSummary, Stage } from '../interface/schemas/dashboard-scans.ts';

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
  /** The process running it (scan-owner.ts). */
  readonly owner: string;
}

export interface InterruptOptions {
  /** Scans whose last heartbeat (or creation, before heartbeats) is older than this ISO time. */
  readonly staleBefore: string;
  /** And scans of these owners, known to be gone, whatever their heartbeat. */
  readonly goneOwners: readonly string[];
  /** Never scans of this owner: the caller's own are running. */
  readonly self: string;
  readonly at: string;
  readonly reason: string;
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
  /**
   * The scans of the same target as `scan`, newest first, itself excluded: the same network
   * and address for an address scan, else the same account and title (a re-uploaded file,
   * a repository scanned again). The history a dispute is read against (issue 33).
   */
  listSameTarget(scan: DashboardScanRecord, limit: number): Promise<DashboardScanRecord[]>;
  /** Scans of this account created since `since` that are still queued or running. */
  countRunning(accountId: string, since: string): Promise<number>;
  /** The owners of scans still queued or running. */
  runningOwners(): Promise<string[]>;
  /** Says this owner's queued and running scans still run. */
  heartbeat(owner: string, at: string): Promise<void>;
  /**
   * Closes scans left queued or running by a process that is gone: failed with the reason,
   * their unfinished stages too. Each is closed by one conditional update, so replicas
   * sweeping at once close it once; returns the ids this call closed.
   */
  interruptAbandoned(options: InterruptOptions): Promise<string[]>;
}

const UNFINISHED = ['queued', 'running'];

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
          owner: scan.owner,
          heartbeat_at: scan.createdAt,
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
      return row ? toRecord(row) : undefined;
    },
    async listSameTarget(scan, limit) {
      const { network, address, title, id } = scan.summary;
      let query = db.selectFrom('dashboard_scans').selectAll().where('id', '!=', id);
      query =
        network !== null && address !== null
          ? query.where('network', '=', network).where('address', '=', address)
          : query.where('account_id', '=', scan.accountId).where('title', '=', title).where('address', 'is', null);
      const rows = await query.orderBy('created_at', 'desc').limit(limit).execute();
      return rows.map(toRecord);
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
    async runningOwners() {
      const rows = await db
        .selectFrom('dashboard_scans')
        .select('owner')
        .distinct()
        .where('status', 'in', UNFINISHED)
        .where('owner', 'is not', null)
        .execute();
      return rows.flatMap((row) => (row.owner === null ? [] : [row.owner]));
    },
    async heartbeat(owner, at) {
      await db
        .updateTable('dashboard_scans')
        .set({ heartbeat_at: at })
        .where('owner', '=', owner)
        .where('status', 'in', UNFINISHED)
        .execute();
    },
    async interruptAbandoned(options) {
      const candidates = await db
        .selectFrom('dashboard_scans')
        .select(['id', 'stages'])
        .where('status', 'in', UNFINISHED)
        .where((eb) =>
          eb.or([
            eb(eb.fn.coalesce('heartbeat_at', 'created_at'), '<', options.staleBefore),
            ...(options.goneOwners.length > 0 ? [eb('owner', 'in', options.goneOwners)] : []),
          ]),
        )
        .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '!=', options.self)]))
        .execute();
      const closed: string[] = [];
      for (const row of candidates) {
        const stages = (JSON.parse(row.stages) as Stage[]).map((stage) =>
          stage.status === 'pending' || stage.status === 'running'
            ? { ...stage, status: 'failed' as const, message: options.reason, finishedAt: options.at }
            : stage,
        );
        const result = await db
          .updateTable('dashboard_scans')
          .set({ status: 'failed', error: options.reason, finished_at: options.at, stages: JSON.stringify(stages) })
          .where('id', '=', row.id)
          .where('status', 'in', UNFINISHED)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) closed.push(row.id);
      }
      return closed;
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

function toRecord(row: DashboardScansTable): DashboardScanRecord {
  return {
    summary: toSummary(row),
    accountId: row.account_id,
    stages: JSON.parse(row.stages) as Stage[],
    result: row.result === null ? null : (JSON.parse(row.result) as Record<string, unknown>),
    error: row.error,
  };
}

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
