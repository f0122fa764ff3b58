/** State variables set only at deployment that are not declared immutable. */
import { defineDetector } from '../define-detector.ts';
import { isValueType } from '../../solidity/type-info.ts';
import { entirelyBelow, versionRange } from '../../solidity/pragma-version.ts';
import type { StateVariable } from '../../solidity/program.ts';

export default defineDetector({
  meta: {
    id: 'non-immutable-state',
    category: 'code-quality',
    scoring: { kind: 'severity' },
    title: 'State variable could be immutable',
    severity: 'informational',
    confidence: 'high',
    smartAuditKey: 'nonImmutables',
    description:
      'The variable is assigned in the constructor and never written afterwards by any function, but is not declared `immutable`: every read costs a storage load, and readers cannot see at a glance that it never changes.',
    exploitScenario:
      'Informational: gas cost and clarity; holders reading the code cannot tell that, for example, the router or the fee wallet is fixed.',
    recommendation: 'Declare the variable `immutable`.',
    messages: { immutable: '{contract}.{name} is only assigned in the constructor; declare it immutable.' },
  },
  create(ctx) {
    const reported = new Set<StateVariable>();
    return {
      contract(a) {
        // `immutable` exists from 0.6.5: older code cannot follow the advice.
        const pragmas = ctx.program.pragmas.filter((p) => p.unit === a.contract.unit);
        if (pragmas.length > 0 && pragmas.every((p) => entirelyBelow(versionRange(p.constraint), [0, 6, 5]))) return;
        const structs = structNames(a.contract.unit.source);
        const writtenLater = new Set(a.entries.flatMap((e) => e.summary.writes.map((w) => w.v)));
        const writtenAtDeploy = new Set(a.constructors.flatMap((s) => s.writes.map((w) => w.v)));
        for (const c of a.contract.linearization) {
          if (c.unit.external) continue;
          for (const v of c.stateVariables) {
            if (v.isConstant || v.isImmutable || reported.has(v) || !isValueType(v.type, structs)) continue;
            if (!writtenAtDeploy.has(v) || writtenLater.has(v)) continue;
            reported.add(v);
            ctx.report({
              unit: v.contract.unit,
              node: v.node,
              messageId: 'immutable',
              contract: v.contract.name,
              data: { contract: v.contract.name, name: v.name },
              extra: { name: v.name, contract: v.contract.name },
            });
          }
        }
      },
    };
  },
});

function structNames(source: string): Set<string> {
  return new Set([...source.matchAll(/\bstruct\s+(\w+)/g)].map((m) => m[1]!));
}
