/**
 * Personal slippage modification (GoPlus `personal_slippage_modifiable`): the transfer
 * path takes a fee rate read per address (`amount * customFee[from] / 100`), and a
 * privileged function sets that rate for an address it is given. The owner can tax one
 * holder at 100% while everyone else trades normally: a honeypot for one wallet.
 */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { boundOf } from './fees-exceed-limit.ts';
import { privilegedWrites } from '../../solidity/transfer-rules.ts';
import { divisionParts } from '../../solidity/token-model.ts';
import { constantValue } from '../../solidity/constant-value.ts';
import { child, visit } from '../../solidity/syntax-helpers.ts';
import { addressMappingValue, isUintType } from '../../solidity/type-info.ts';
import type { ContractAnalysis } from '../../solidity/contract-analysis.ts';
import type { StateVariable } from '../../solidity/program.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';

/** A per-address rate the owner may raise to half the amount or more takes that holder's sale. */
const CONFISCATORY_SHARE = 0.5;

export default defineDetector({
  meta: {
    id: 'personal-fee',
    category: 'money-powers',
    scoring: { kind: 'severity' },
    title: 'Privileged account can set a fee for one address',
    severity: 'high',
    confidence: 'medium',
    description:
      "The transfer path computes a fee from a rate kept per address (`amount * fee[from] / 100`) and an owner- or role-restricted function sets that rate for any address it is given. The owner can make one holder's transfers pay any share (up to all of it) while other holders see normal fees. Medium when the setter bounds the rate below half the amount.",
    exploitScenario:
      "The owner sets a 100% fee on a large holder's address: their sells deliver nothing while the chart and other holders' trades look normal.",
    recommendation: 'Use one fee schedule for every holder, or bound per-address rates with a low hard-coded maximum.',
    messages: {
      personal:
        "{contract}.{fn} sets {var}, the fee rate the transfer path applies to one address: the owner can tax a chosen holder's transfers ({bound}).",
    },
  },
  create(ctx) {
    return {
      contract(a) {
        for (const [v, denominator] of perAddressRates(a)) {
          for (const { entry, writes } of privilegedWrites(a, new Set([v]))) {
            const keyed = writes.filter((w) => w.keys.length > 0);
            if (keyed.length === 0) continue;
            const bounds = keyed.map((w) => boundOf(w, entry, a.scope));
            const worst = bounds.some((b) => b === undefined) ? undefined : Math.max(...(bounds as number[]));
            const bounded = worst !== undefined && worst / denominator < CONFISCATORY_SHARE;
            if (bounded) {
              ctx.report({
                unit: entry.fn.contract.unit,
                node: entry.fn.node,
                messageId: 'personal',
                severity: 'medium',
                data: { contract: entry.fn.contract.name, fn: entry.fn.name, var: v.name, bound: `at most ${worst}/${denominator}` },
                contract: entry.fn.contract.name,
              });
            } else {
              reportFunction(ctx, entry.fn, 'personal', {
                var: v.name,
                bound: worst === undefined ? 'no upper bound' : `up to ${worst}/${denominator}`,
              });
            }
          }
        }
      },
    };
  },
});

/** Per-address uint maps read into a fee computation on the transfer path, with its divisor. */
function perAddressRates(a: ContractAnalysis): Map<StateVariable, number> {
  const out = new Map<StateVariable, number>();
  const t = a.token;
  if (!t) return out;
  const rateMap = (n: SyntaxNode): StateVariable | undefined => {
    if (n.type !== 'array_access') return undefined;
    const base = child(n, 'base');
    if (base?.type !== 'identifier') return undefined;
    const v = a.scope.stateVariable(base.text);
    const value = v ? addressMappingValue(v.type) : undefined;
    if (!v || !value || !isUintType(value) || t.ledgers.has(v) || t.supply.has(v)) return undefined;
    return v;
  };
  for (const fn of t.reached) {
    if (!fn.body || fn.contract.kind === 'library') continue;
    // Locals holding a rate read (`uint256 rate = customFee[from];`), by name.
    const locals = new Map<string, StateVariable>();
    visit(fn.body, (n) => {
      if (n.type !== 'variable_declaration_statement') return true;
      const name = child(n.children.find((c) => c.type === 'variable_declaration') ?? n, 'name')?.text;
      const value = child(n, 'value');
      if (name && value) {
        const direct = rateMap(value);
        if (direct) locals.set(name, direct);
      }
      return true;
    });
    // The fee is a share of an amount the function is given (`value * feeOf[from]`), not a
    // schedule over time or a balance (`locked[from] * elapsed / duration`).
    const amounts = new Set(fn.params.filter((p) => isUintType(p.type)).map((p) => p.name));
    visit(fn.body, (n) => {
      const split = divisionParts(n);
      if (!split || !mentionsOutsideIndex(split.numerator, amounts)) return true;
      const denominator = constantValue(split.denominator, a.scope) ?? 100;
      visit(split.numerator, (m) => {
        const v = rateMap(m) ?? (m.type === 'identifier' ? locals.get(m.text) : undefined);
        if (v && !out.has(v)) out.set(v, denominator);
        return true;
      });
      return true;
    });
  }
  // `_fee = customFee[from]` into the fee variable the transfer path then applies.
  const feeVars = new Map(t.fees.map((f) => [f.v, f.denominator ?? 100]));
  for (const e of t.transferEntries) {
    for (const w of e.summary.writes) {
      const d = feeVars.get(w.v);
      if (d === undefined || w.value.k !== 'state' || w.value.keys.length !== 1) continue;
      const value = addressMappingValue(w.value.v.type);
      if (value && isUintType(value) && !t.ledgers.has(w.value.v) && !out.has(w.value.v)) out.set(w.value.v, d);
    }
  }
  return out;
}

/** Whether one of `names` occurs in `n` other than inside an index (`m[name]`). */
function mentionsOutsideIndex(n: SyntaxNode, names: ReadonlySet<string>): boolean {
  let found = false;
  visit(n, (m) => {
    if (found || m.type === 'array_access') return false;
    if (m.type === 'identifier' && names.has(m.text)) found = true;
    return !found;
  });
  return found;
}
