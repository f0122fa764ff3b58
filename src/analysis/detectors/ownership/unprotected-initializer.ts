/**
 * An upgradeable implementation that anyone can initialize and then destroy: the
 * Parity-wallet and 2021 UUPS bug. Behind a proxy the implementation's own storage is
 * never initialized, so whoever calls its initializer first becomes its owner, and a
 * `selfdestruct` (or a `delegatecall` to code that runs one) removes the code every
 * proxy delegates to.
 */
import { defineDetector } from '../define-detector.ts';
import type { ContractAnalysis, Entry } from '../../solidity/contract-analysis.ts';
import type { ExternalCall } from '../../solidity/summary.ts';
import { contains, child } from '../../solidity/syntax-helpers.ts';
import { DISABLE_INITIALIZERS, isInitializer } from '../../solidity/initializable.ts';

/** A condition on `address(this)`: a check that the code runs behind a proxy. */
const ADDRESS_THIS = /\baddress\s*\(\s*this\s*\)/;

export default defineDetector({
  meta: {
    id: 'unprotected-initializer',
    category: 'ownership',
    scoring: { kind: 'severity' },
    title: 'Implementation can be initialized and destroyed by anyone',
    severity: 'high',
    confidence: 'medium',
    description:
      "An upgradeable contract (its setup runs in an `initializer` function, not a constructor) can reach `selfdestruct` or `delegatecall`, and nothing stops a stranger from calling the initializer on the implementation itself: no constructor that initializes it or calls `_disableInitializers()`, and no `onlyProxy`-style check. The stranger becomes the implementation's owner and destroys it; every proxy using it stops working and the funds they hold are stuck.",
    exploitScenario:
      'An attacker calls initialize() directly on the deployed implementation, becomes its owner, and calls the function that selfdestructs (or delegatecalls a contract that does): every proxy now delegates to empty code.',
    recommendation:
      'Call `_disableInitializers()` in the constructor (or give the constructor the `initializer` modifier), and keep selfdestruct and arbitrary delegatecall out of implementation contracts.',
    messages: {
      initializer:
        '{contract}.{fn} initializes the implementation and anyone can call it first; {destroyer} can then {action} the contract.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        const initializers = a.entries.filter((e) => isInitializer(e.fn) && !restrictedToProxy(e));
        if (initializers.length === 0 || lockedAtDeployment(a, initializers)) return;
        const destroyer = a.entries.find((e) => e.summary.calls.some(canRemoveCode));
        if (!destroyer) return;
        const action = destroyer.summary.calls.some((c) => c.kind === 'selfdestruct') ? 'selfdestruct' : 'delegatecall out of';
        for (const e of initializers) {
          ctx.report({
            unit: e.fn.contract.unit,
            node: child(e.fn.node, 'name') ?? e.fn.node,
            related: destroyer.fn.contract.unit === e.fn.contract.unit ? [child(destroyer.fn.node, 'name') ?? destroyer.fn.node] : [],
            messageId: 'initializer',
            contract: a.contract.name,
            data: { contract: a.contract.name, fn: e.fn.name, destroyer: `${destroyer.fn.name}()`, action },
          });
        }
      },
    };
  },
});

/** selfdestruct, or a delegatecall to other code (one to `address(this)`, a multicall, runs only this code). */
function canRemoveCode(call: ExternalCall): boolean {
  return call.kind === 'selfdestruct' || (call.kind === 'delegatecall' && call.target.k !== 'this');
}

/** Callable only through a proxy: OpenZeppelin's `onlyProxy`, or any check on `address(this)`. */
function restrictedToProxy(e: Entry): boolean {
  if (e.fn.modifiers.some((m) => m.name === 'onlyProxy')) return true;
  return e.summary.guards.some((g) => ADDRESS_THIS.test(g.cond.text));
}

/**
 * The implementation cannot be initialized by a stranger when a constructor already did
 * it: it runs an initializer modifier, calls `_disableInitializers()`, or writes state
 * an initializer writes (then the initializer's own checks, such as
 * `require(owner == address(0))`, see it set).
 */
function lockedAtDeployment(a: ContractAnalysis, initializers: readonly Entry[]): boolean {
  const initialized = new Set(initializers.flatMap((e) => e.summary.writes.map((w) => w.v)));
  return a.constructors.some(
    (c) =>
      isInitializer(c.entry) ||
      (c.entry.body !== undefined &&
        contains(c.entry.body, (n) => n.type === 'call_expression' && n.text.startsWith(DISABLE_INITIALIZERS))) ||
      c.writes.some((w) => initialized.has(w.v)),
  );
}
