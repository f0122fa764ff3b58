/**
 * Fills cyberscan's `addressDetails[…].label` from the address-label database where the
 * scan itself found no role (pool, locker, owner, dead keep theirs): a top holder that
 * is an exchange hot wallet or a sanctioned address says so.
 */
import type { AuditLayout } from '../interface/schemas/audit-layout.ts';
import type { LabelLookup } from './label-repository.ts';
import { TAINT_CATEGORIES } from './label-record.ts';

export async function labelAddressDetails(details: AuditLayout['addressDetails'], network: string, lookup: LabelLookup): Promise<number> {
  const unlabelled = Object.keys(details).filter((a) => details[a]!.label === '');
  if (unlabelled.length === 0) return 0;
  const found = await lookup(network, unlabelled);
  let filled = 0;
  for (const address of unlabelled) {
    const labels = found.get(address.toLowerCase());
    if (!labels || labels.length === 0) continue;
    const label = labels.find((l) => TAINT_CATEGORIES.has(l.category)) ?? labels[0]!;
    details[address] = { ...details[address]!, label: label.label };
    filled += 1;
  }
  return filled;
}
