/** BC: a privileged account can block single addresses from transferring. */
import { defineDetector } from './define-detector.ts';
import { names, reportFunction } from './report-helpers.ts';
import { canSetTo, privilegedWrites, transferRules } from '../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'blacklist',
    title: 'Privileged account can blacklist addresses',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'blacklist',
    checklist: 'BC',
    description:
      'An owner- or role-restricted function sets a per-address flag that the transfer path checks and reverts on, so the privileged account can stop any holder from selling or moving tokens.',
    exploitScenario: 'The owner blacklists every buyer except their own wallets, turning the token into a honeypot.',
    recommendation: 'Remove the blacklist, or limit it to a short launch window enforced in code and disclosed to holders.',
    messages: { blacklist: '{contract}.{fn} sets {flags}, which the transfer path reverts on.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.blockFlags.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, rules.blockFlags)) {
          const blocking = writes.filter((w) => canSetTo(w, true));
          if (blocking.length === 0 || blocking.some((w) => w.inLoop || w.keys[0]?.k === 'element')) continue;
          reportFunction(ctx, entry.fn, 'blacklist', { flags: names(blocking.map((w) => w.v)) });
        }
      },
    };
  },
});
