/** A stored audit record as the repository returns it: the audits tests' common sample. */
import type { AuditRecord } from '../interface/schemas/audit-record.ts';

export const SAMPLE_AUDIT: AuditRecord = Object.freeze({
  slug: 'alpha',
  name: 'Alpha',
  createdAt: '2024-01-01T00:00:00.000Z',
  reportFile: 'https://r.example/alpha.pdf',
  reportUrl: 'https://r.example/alpha',
  finishedAt: '2024-01-05T00:00:00.000Z',
  address: '0xabcdef0000000000000000000000000000000001',
  network: 'BSC',
});
