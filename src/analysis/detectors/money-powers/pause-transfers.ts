/** ST: a privileged account can stop transfers (pause, trading switch, sell freeze). */
import { defineDetector, type DetectorContext } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { canBlockValueSwitch, canSetTo, privilegedWrites, transferRules } from '../../solidity/transfer-rules.ts';
import { clausesOf } from '../../solidity/conditions.ts';
import type { ContractAnalysis, Entry } from '../../solidity/contract-analysis.ts';
import type { ExternalCall } from '../../solidity/summary.ts';
import type { StateVariable } from '../../solidity/program.ts';
import { isTransferableToken } from '../../solidity/token-model.ts';

export default defineDetector({
  meta: {
    id: 'pause-transfers',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'sell-block' },
    title: 'Privileged account can stop transfers',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'pause',
    checklist: 'ST',
    description:
      'An owner- or role-restricted function can set a switch that the transfer path checks and reverts on (a pause, a trading-enabled flag, a sell freeze), so the privileged account can stop holders from transferring or selling. Also: a switch that stops the withdrawal, claim or refund path through which holders take their funds out of a contract that is not a token.',
    exploitScenario:
      'The owner pauses transfers (or disables trading) after buying pressure peaks; holders cannot sell while exempted insiders can.',
    recommendation: 'Remove the switch, or make re-enabling automatic (a time limit) and keep pausing behind a timelock and multisig.',
    messages: {
      pause: '{contract}.{fn} can set {var} to {value}, which makes transfers revert.',
      withdrawal:
        '{contract}.{fn} can set {var} to {value}, which makes {withdrawal} revert: while it is set nobody can take out the funds the contract pays through it.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        pausedWithdrawals(ctx, a);
        const rules = transferRules(a);
        if (!rules) return;
        for (const s of rules.valueSwitches) {
          for (const { entry, writes } of privilegedWrites(a, new Set([s.v]))) {
            if (!writes.some((w) => canBlockValueSwitch(w, s))) continue;
            reportFunction(ctx, entry.fn, 'pause', {
              var: s.v.name,
              value: s.passesWhenEqual ? `a value other than ${s.constant}` : s.constant,
            });
          }
        }
        if (rules.switches.length === 0) return;
        const byVar = new Map(rules.switches.map((s) => [s.v, s.blocksWhen]));
        for (const { entry, writes } of privilegedWrites(a, new Set(byVar.keys()))) {
          const w = writes.find((x) => canSetTo(x, byVar.get(x.v)!));
          if (w) reportFunction(ctx, entry.fn, 'pause', { var: w.v.name, value: String(byVar.get(w.v)) });
        }
      },
    };
  },
});

/**
 * A withdrawal, claim or refund that an owner switch stops: an entry point that pays ETH
 * or tokens out to its caller (or to an address the caller names) and reverts unless a
 * boolean state variable has a value that a privileged function can change. In a
 * contract that holds other people's funds (a wallet, a stake, a pre-sale pool) that is
 * the sell restriction of a token: the owner decides when anyone can leave.
 *
 * Only in contracts that are not tokens (a token's pause is a pause of its transfers).
 * Not counted: a payable entry (a purchase that returns change is not a withdrawal), and a switch that
 * only the withdrawing authority itself can set (a merchant pausing its own wallet).
 */
function pausedWithdrawals(ctx: DetectorContext, a: ContractAnalysis): void {
  // In a token the holders' funds are its balances, and a pause is a pause of transfers:
  // a switch on some other payout of the token (a faucet, a claim) is not one.
  if (isTransferableToken(a.token)) return;
  const reported = new Set<string>();
  for (const e of a.entries) {
    if (e.fn.mutability === 'payable') continue;
    if (!e.summary.calls.some(paysOut)) continue;
    for (const { v, blocksWhen } of switchesChecked(e, a)) {
      for (const { entry, writes } of privilegedWrites(a, new Set([v]))) {
        if (entry === e || (e.privileged && sameAuthority(entry, e))) continue;
        if (!writes.some((w) => canSetTo(w, blocksWhen))) continue;
        const key = `${entry.fn.name}/${v.name}`;
        if (reported.has(key)) continue;
        reported.add(key);
        reportFunction(ctx, entry.fn, 'withdrawal', { var: v.name, value: String(blocksWhen), withdrawal: e.fn.name });
      }
    }
  }
}

/** ETH sent, or tokens transferred, to the caller or to an address it passes. */
function paysOut(c: ExternalCall): boolean {
  const chosen = (k: string | undefined): boolean => k === 'sender' || k === 'param';
  if (c.kind === 'transfer-eth' || c.kind === 'send' || (c.kind === 'call' && c.hasValue)) return chosen(c.target.k);
  return c.kind === 'external' && /^(transfer|safeTransfer)$/.test(c.name) && chosen(c.argSyms[0]?.k);
}

/** Boolean state switches an entry's unconditional guards require (`require(!paused)`). */
function switchesChecked(e: Entry, a: ContractAnalysis): { v: StateVariable; blocksWhen: boolean }[] {
  const out: { v: StateVariable; blocksWhen: boolean }[] = [];
  for (const g of e.summary.guards) {
    if (g.path.some((p) => !p.afterExit)) continue;
    for (const clause of clausesOf(g.cond, g.positive, g.env, a.scope, g.fn)) {
      // Only a switch on its own: `require(open || isOwner)` lets someone through.
      if (clause.length !== 1) continue;
      const lit = clause[0]!;
      if (lit.atom.k === 'bool-var') out.push({ v: lit.atom.v, blocksWhen: !lit.positive });
    }
  }
  return out;
}

function sameAuthority(x: Entry, y: Entry): boolean {
  return x.authorities.some((p) => y.authorities.some((q) => p.kind === q.kind && p.v === q.v));
}
