/** A privileged account can exempt addresses from the transfer rules. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'whitelist',
    category: 'trade-controls',
    scoring: { kind: 'trade-control' },
    title: 'Privileged account can exempt addresses from transfer rules',
    severity: 'low',
    confidence: 'high',
    smartAuditKey: 'whitelist',
    description:
      'An owner- or role-restricted function sets a per-address flag that the transfer path reads to treat that address differently (no fee, no limit, allowed while trading is closed), so insiders can trade on better terms than holders.',
    exploitScenario:
      'The team exempts its own wallets from the sell tax and the max-transaction limit and sells while ordinary holders cannot.',
    recommendation:
      'Keep the exemption list short and fixed (router, pair, contract itself), emit an event on each change and disclose it.',
    messages: { whitelist: '{contract}.{fn} sets {flags}, which the transfer path reads to exempt addresses.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules) return;
        const flags = new Set([...rules.exemptFlags].filter((v) => !rules.blockFlags.has(v)));
        if (flags.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, flags)) {
          if (writes.some((w) => w.keys.length > 0)) reportFunction(ctx, entry.fn, 'whitelist', { flags: names(writes.map((w) => w.v)) });
        }
      },
    };
  },
});
