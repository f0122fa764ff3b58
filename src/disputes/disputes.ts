/**
 * Disputes of a scan's result (issue 33 item 4). A token team files one against a scan it
 * can see (message and contact); the operator lists them with the scan's verdict and the
 * history of scans of the same target, each with its signed receipt, and answers with a
 * status and a note. A dispute changes nothing in the scan or its receipt: the evidence
 * stays as signed, and a re-scan is a new scan beside it in the history.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../accounts/clock.ts';
import type { DashboardScanRecord, DashboardScanRepository } from '../dashboard-scans/dashboard-scan-repository.ts';
import type { AdminDispute, Dispute, DisputedScan, DisputeInput, DisputeStatus, DisputeUpdate } from '../interface/schemas/disputes.ts';
import type { Database, ScanDisputesTable } from '../store/schema.ts';
import { DisputeNotFoundError, DisputeTooEarlyError } from './dispute-errors.ts';

/** Scans of the same target shown beside a dispute. */
const HISTORY = 10;

export interface DisputesDeps {
  readonly db: Kysely<Database>;
  readonly scans: DashboardScanRepository;
  readonly clock: Clock;
}

function toDispute(row: ScanDisputesTable): Dispute {
  return {
    id: row.id,
    scanId: row.scan_id,
    message: row.message,
    contact: row.contact,
    status: row.status as DisputeStatus,
    operatorNote: row.operator_note,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A scan as the operator compares it: its verdict's headline and its receipt's id, read from the stored result. */
export function disputedScan(record: DashboardScanRecord): DisputedScan {
  const meta = (record.result?.meta ?? {}) as {
    verdict?: { summary?: unknown };
    simulation?: { receipt?: { id?: unknown } };
  };
  const summary = meta.verdict?.summary;
  const receiptId = meta.simulation?.receipt?.id;
  return {
    id: record.summary.id,
    title: record.summary.title,
    network: record.summary.network,
    address: record.summary.address,
    status: record.summary.status,
    createdAt: record.summary.createdAt,
    verdict: typeof summary === 'string' ? summary : null,
    receiptId: typeof receiptId === 'string' ? receiptId : null,
  };
}

export function createDisputes(deps: DisputesDeps) {
  const { db, scans, clock } = deps;
  return {
    /** Files a dispute against a scan the caller may see (the route checks visibility). */
    async file(scan: DashboardScanRecord, input: DisputeInput, accountId: string | null): Promise<Dispute> {
      if (scan.summary.status === 'queued' || scan.summary.status === 'running') throw new DisputeTooEarlyError();
      const at = clock().toISOString();
      const row: ScanDisputesTable = {
        id: randomUUID(),
        scan_id: scan.summary.id,
        account_id: accountId,
        message: input.message.trim(),
        contact: input.contact.trim(),
        status: 'open',
        operator_note: '',
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('scan_disputes').values(row).execute();
      return toDispute(row);
    },

    /** The operator's list, newest first, each with its scan and the scan's history. */
    async list(filter: { status?: DisputeStatus; limit?: number } = {}): Promise<AdminDispute[]> {
      let query = db.selectFrom('scan_disputes').selectAll();
      if (filter.status) query = query.where('status', '=', filter.status);
      const rows = await query
        .orderBy('created_at', 'desc')
        .limit(filter.limit ?? 100)
        .execute();
      // Disputes of the same scan share one read of it and its history (each reads stored results whole).
      const views = new Map<string, Promise<ScanView>>();
      return Promise.all(
        rows.map(async (row) => {
          const dispute = toDispute(row);
          let view = views.get(dispute.scanId);
          if (!view) views.set(dispute.scanId, (view = scanView(dispute.scanId)));
          return { ...dispute, ...(await view) };
        }),
      );
    },

    async update(id: string, change: DisputeUpdate): Promise<AdminDispute> {
      const found = await db.selectFrom('scan_disputes').selectAll().where('id', '=', id).executeTakeFirst();
      if (!found) throw new DisputeNotFoundError();
      await db
        .updateTable('scan_disputes')
        .set({
          ...(change.status !== undefined ? { status: change.status } : {}),
          ...(change.operatorNote !== undefined ? { operator_note: change.operatorNote.trim() } : {}),
          updated_at: clock().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      const row = await db.selectFrom('scan_disputes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const dispute = toDispute(row);
      return { ...dispute, ...(await scanView(dispute.scanId)) };
    },
  };

  /** The disputed scan as the operator compares it, and the other scans of its target. */
  async function scanView(scanId: string): Promise<ScanView> {
    const scan = await scans.find(scanId);
    if (!scan) return { scan: null, history: [] };
    const history = await scans.listSameTarget(scan, HISTORY);
    return { scan: disputedScan(scan), history: history.map(disputedScan) };
  }
}

type ScanView = Pick<AdminDispute, 'scan' | 'history'>;

export type Disputes = ReturnType<typeof createDisputes>;
