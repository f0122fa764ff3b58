/**
 * Every migration, in order. Kysely applies them by name, so a name never changes once
 * released; add new ones at the end with the next number.
 */
import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as corpusSignatures from './0002-corpus-signatures.ts';
import * as scans from './0003-scans.ts';
import * as accounts from './0004-accounts.ts';
import * as dashboardScans from './0005-dashboard-scans.ts';
import * as chat from './0006-chat.ts';
import * as addressLabels from './0007-address-labels.ts';
import * as services from './0010-services.ts';
import * as projects from './0011-projects.ts';
import * as priceHistory from './0012-price-history.ts';
import * as registryVersions from './0013-registry-versions.ts';
import * as voucherEventCounts from './0014-voucher-event-counts.ts';
import * as dashboardScanOwner from './0015-dashboard-scan-owner.ts';
import * as receiptKeys from './0018-receipt-keys.ts';
import * as watches from './0016-watches.ts';
import * as watchDeliveries from './0017-watch-deliveries.ts';
import * as scanDisputes from './0019-scan-disputes.ts';
import * as watchBlockHashes from './0020-watch-block-hashes.ts';

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-foundation': foundation,
  '0002-corpus-signatures': corpusSignatures,
  '0003-scans': scans,
  '0004-accounts': accounts,
  '0005-dashboard-scans': dashboardScans,
  '0006-chat': chat,
  '0007-address-labels': addressLabels,
  '0010-services': services,
  '0011-projects': projects,
  '0012-price-history': priceHistory,
  '0013-registry-versions': registryVersions,
  '0014-voucher-event-counts': voucherEventCounts,
  '0015-dashboard-scan-owner': dashboardScanOwner,
  '0018-receipt-keys': receiptKeys,
  '0016-watches': watches,
  '0017-watch-deliveries': watchDeliveries,
  '0019-scan-disputes': scanDisputes,
  '0020-watch-block-hashes': watchBlockHashes,
};
