import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ScanSummary } from '../shared/scan-result.ts';
import { recentDashboardScans } from './recent-scans.ts';

const scan = (id: string, createdAt: string): ScanSummary => ({
  id,
  kind: 'address',
  status: 'done',
  title: `Token ${id}`,
  network: 'LOCAL',
  address: '0x97035c149c7DD28664096E0c3f3176A0a6b297A7',
  repository: null,
  visibility: 'public',
  createdAt,
  finishedAt: null,
});

describe('recentDashboardScans', () => {
  it("lists the dashboard's own scans, newest first, at most five", () => {
    const scans = ['01', '05', '03', '02', '06', '04'].map((d) => scan(d, `2026-11-${d}T10:00:00.000Z`));
    assert.deepEqual(
      recentDashboardScans(scans).map((s) => s.id),
      ['06', '05', '04', '03', '02'],
    );
    assert.deepEqual(recentDashboardScans([]), []);
  });
});
