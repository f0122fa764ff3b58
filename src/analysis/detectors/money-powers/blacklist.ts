/** BC: a privileged account can block single addresses from transferring. */
import { defineDetector } from '../define-detector.ts';
import { names, reportFunction } from '../report-helpers.ts';
import { canSetTo, privilegedWrites, revocableAllowLists, transferRules } from '../../solidity/transfer-rules.ts';
import type { DetectorContext } from '../define-detector.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import { addressMappingValue, isUintType } from '../../solidity/type-info.ts';
import { sameSym } from '../../solidity/symbolic.ts';

export default defineDetector({
  meta: {
    id: 'blacklist',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'sell-block' },
    title: 'Privileged account can blacklist addresses',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'blacklist',
    checklist: 'BC',
    description:
      'An owner- or role-restricted function sets a per-address flag that the transfer path checks and reverts on, so the privileged account can stop any holder from selling or moving tokens. Also an allow-list under a global lock that the owner can remove addresses from: while the lock holds, removal freezes the holder.',
    exploitScenario: 'The owner blacklists every buyer except their own wallets, turning the token into a honeypot.',
    recommendation: 'Remove the blacklist, or limit it to a short launch window enforced in code and disclosed to holders.',
    messages: {
      blacklist: '{contract}.{fn} sets {flags}, which the transfer path reverts on.',
      revocable:
        '{contract}.{fn} can take an address off {flags}; while the {lock} switch holds transfers back, the transfer path lets only listed addresses move tokens, so the privileged account can freeze any holder.',
      freeze:
        "{contract}.{fn} moves a holder's tokens out of {ledger} into {frozen}, which no transfer can spend: the privileged account can freeze any chosen holder's balance.",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        frozenBalances(ctx, a);
        const reported = new Set<unknown>();
        for (const l of revocableAllowLists(a)) {
          for (const e of l.setters) {
            if (reported.has(e.fn)) continue;
            reported.add(e.fn);
            reportFunction(ctx, e.fn, 'revocable', { flags: l.v.name, lock: l.lock.name });
          }
        }
        const rules = transferRules(a);
        if (!rules || rules.blockFlags.size === 0) return;
        for (const { entry, writes } of privilegedWrites(a, rules.blockFlags)) {
          // A stored list is added to with push (or an element written at an index).
          const blocking = writes.filter(
            (w) => canSetTo(w, true) || (w.v.type.isArray && (w.op === 'push' || (w.op === 'set' && w.keys.length === 1))),
          );
          if (blocking.length === 0 || blocking.some((w) => w.inLoop || w.keys[0]?.k === 'element') || reported.has(entry.fn)) continue;
          reportFunction(ctx, entry.fn, 'blacklist', { flags: names(blocking.map((w) => w.v)) });
        }
      },
    };
  },
});

/**
 * `freeze(holder, v)`: a privileged function debits a holder it is given and credits the
 * same holder in a per-address amount that is not the ledger (`freezeOf[holder] += v`).
 * The tokens stay the holder's on paper but no transfer can move them: a blacklist of an
 * amount rather than an address.
 */
function frozenBalances(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token;
  if (!t) return;
  for (const e of a.entries) {
    if (!e.privileged) continue;
    const writes = e.summary.writes;
    if (writes.some((w) => t.isLedger(w) && (w.op === 'inc' || w.op === 'set'))) continue;
    for (const debit of writes) {
      const holder = debit.keys[0];
      if (!t.isLedger(debit) || debit.op !== 'dec' || holder?.k !== 'param') continue;
      const frozen = writes.find((w) => {
        const value = addressMappingValue(w.v.type);
        return (
          w.op === 'inc' &&
          !t.isLedger(w) &&
          !t.supply.has(w.v) &&
          !!value &&
          isUintType(value) &&
          w.keys.length === 1 &&
          sameSym(w.keys[0]!, holder)
        );
      });
      if (!frozen) continue;
      // A holder who can release the amount again (`unfreeze()` open to the caller) is not frozen.
      const selfRelease = a.entries.some(
        (x) => !x.privileged && x.summary.writes.some((w) => w.v === frozen.v && (w.op === 'dec' || w.op === 'set' || w.op === 'delete')),
      );
      if (selfRelease) continue;
      reportFunction(ctx, e.fn, 'freeze', { ledger: debit.v.name, frozen: frozen.v.name });
      break;
    }
  }
}
