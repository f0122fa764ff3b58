/** ST: a privileged account can stop transfers (pause, trading switch, sell freeze). */
import { defineDetector } from './define-detector.ts';
import { reportFunction } from './report-helpers.ts';
import { canSetTo, privilegedWrites, transferRules } from '../solidity/transfer-rules.ts';

export default defineDetector({
  meta: {
    id: 'pause-transfers',
    title: 'Privileged account can stop transfers',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'pause',
    checklist: 'ST',
    description:
      'An owner- or role-restricted function can set a switch that the transfer path checks and reverts on (a pause, a trading-enabled flag, a sell freeze), so the privileged account can stop holders from transferring or selling.',
    exploitScenario:
      'The owner pauses transfers (or disables trading) after buying pressure peaks; holders cannot sell while exempted insiders can.',
    recommendation: 'Remove the switch, or make re-enabling automatic (a time limit) and keep pausing behind a timelock and multisig.',
    messages: { pause: '{contract}.{fn} can set {var} to {value}, which makes transfers revert.' },
  },
  create(ctx) {
    return {
      contract(a) {
        const rules = transferRules(a);
        if (!rules || rules.switches.length === 0) return;
        const byVar = new Map(rules.switches.map((s) => [s.v, s.blocksWhen]));
        for (const { entry, writes } of privilegedWrites(a, new Set(byVar.keys()))) {
          const w = writes.find((x) => canSetTo(x, byVar.get(x.v)!));
          if (w) reportFunction(ctx, entry.fn, 'pause', { var: w.v.name, value: String(byVar.get(w.v)) });
        }
      },
    };
  },
});
