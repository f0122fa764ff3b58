/**
 * The textbook honeypot: selling (a transfer to the market pair) is blocked unless the
 * owner approved the seller, blocked whenever an owner-set flag says so, or taxed by a
 * sell fee the owner can raise to half the amount or more. Buying keeps working, so the token looks
 * healthy on a chart while holders cannot get out.
 */
import { defineDetector, type DetectorContext } from '../define-detector.ts';
import { names } from '../report-helpers.ts';
import { boundOf } from './fees-exceed-limit.ts';
import { canSetTo, exemptedParty, isPartyExemption, lockedLaunches, privilegedWrites } from '../../solidity/transfer-rules.ts';
import { impossiblePayload } from '../../solidity/payload-size.ts';
import { marketOf, sideOf, type Market } from '../../solidity/market.ts';
import { clausesOf, type Literal } from '../../solidity/conditions.ts';
import { writtenOpenly, type ContractAnalysis, type Entry } from '../../solidity/contract-analysis.ts';
import type { FunctionModel, StateVariable } from '../../solidity/program.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';
import { sameSym, type Sym } from '../../solidity/symbolic.ts';
import { custodyOf, paysOut } from '../../solidity/custody.ts';
import { isTransferableToken, type TokenModel } from '../../solidity/token-model.ts';
import { outsideGates } from '../../solidity/outside-gates.ts';
import { describeSym } from '../../solidity/symbolic.ts';

type Kind = 'approved' | 'blocked' | 'switch';

/** A sell fee the owner may raise to half the amount or more takes the sale, bound or not. */
const CONFISCATORY_SHARE = 0.5;

interface Located {
  readonly fn: FunctionModel;
  readonly node: SyntaxNode;
}

export default defineDetector({
  meta: {
    id: 'sell-restriction',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'sell-block' },
    title: 'Selling can be blocked or confiscated while buying works',
    severity: 'critical',
    confidence: 'medium',
    description:
      'On the sell path (a transfer to the market pair) the token reverts unless the owner approved the seller, reverts whenever an owner-set flag says so, or takes a sell fee the owner can raise to half the amount or more (no bound, or a bound that high). Buys still go through, so holders can get in but not out: a honeypot. A transfer function whose calldata-length check asks for more bytes than its own arguments occupy reverts on every call a wallet or exchange makes. A launch switch that starts closed, that only the owner can open, and that lets the owner (or addresses it lists) trade meanwhile is the same trap for anyone who obtained tokens before it opens. So is a transfer whose check, whose balance update or the amount it moves asks another contract, at an address written into the code, fixed at deployment or replaceable by the owner: that contract decides who can sell and what a sale keeps. So is a rule every transfer must pass that only a buy from the pair or a privileged sender passes: holders can buy and never sell.',
    exploitScenario:
      'The token trades normally until buyers have come in; then only wallets the owner approved can sell (or the owner flips the switch or sets a 100% sell tax) and the owner drains the pool.',
    recommendation:
      'Do not buy. A legitimate token does not treat sells differently from buys beyond a fixed, bounded tax disclosed in code.',
    messages: {
      approved:
        '{contract}: only addresses the owner approves can sell. A transfer to the pair ({pair}) reverts unless {flags} is set for the seller, and {setters} sets it.',
      blocked:
        '{contract}: the owner can stop any holder from selling. A transfer to the pair ({pair}) reverts when {flags} is set for the seller, and {setters} sets it.',
      switch:
        '{contract}: the owner can stop all sells. A transfer to the pair ({pair}) reverts while {flags} has the value {setters} can give it.',
      fee: '{contract}: the owner can confiscate sells. Transfers to the pair ({pair}) pay {flags}, which {setters} can raise to half the amount or more (no upper bound, or one that high).',
      payload:
        '{contract}.{fn} reverts on every standard call: it checks msg.data.length against {need} bytes, but a call with its arguments carries {has}. Holders cannot move tokens with {fn}, so they cannot sell through it.',
      closed:
        '{contract}: holders cannot sell until the owner opens trading, and nothing obliges it to. Transfers revert while {flags} keeps its initial value unless {pair}; only {setters} can change it.',
      locked:
        '{contract}: depositors cannot withdraw. {deposit} credits {ledger} with what the caller pays in, but only {authority} can send funds out of the contract ({setters}).',
      drain:
        '{contract}: the owner can take the funds depositors are owed. {setters}, restricted to {authority}, sends money out of the contract without debiting any entry of {ledger}, so {payout} can be left with nothing to pay.',
      gate: "{contract}: another contract decides who can sell. On the transfer path {call} answers a check the transfer must pass (or whether the balances move), and {target} is {holder}: whoever controls it can make any holder's sell fail.",
      holders:
        '{contract}: holders cannot sell or move what they buy. Every transfer reverts unless it comes from the pair ({pair}) or {flags} is a party to it, and no holder can become {flags}: a buy goes through, the sell after it fails.',
      gateAmount:
        '{contract}: another contract decides how much of a sale a holder keeps. On the transfer path {call} answers how much a balance moves by, and {target} is {holder}: whoever controls it can take any share of a sell, or make it fail.',
      destroy:
        '{contract}: the owner can take what the contract holds for others. {setters} destroys the contract and sends its whole balance away, so {payout} can never pay {ledger} again.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        custodyTraps(ctx, a);
        for (const l of lockedLaunches(a)) {
          report(ctx, a, l.switch.rule.guard, 'closed', l.exemptions.join(', '), [l.switch.v], l.setters);
        }
        // A transfer function whose calldata check no standard call passes is dead for
        // every holder, pair or not: wallets and exchanges cannot move the token with it.
        for (const e of a.token?.transferEntries ?? []) {
          const dead = impossiblePayload(e.summary, e.fn, a.scope);
          if (!dead) continue;
          ctx.report({
            unit: dead.guard.fn.contract.unit,
            node: dead.guard.node,
            messageId: 'payload',
            data: { contract: a.contract.name, fn: e.fn.name, need: String(dead.need), has: String(dead.has) },
            contract: a.contract.name,
          });
        }
        // The rule lives in another contract: the token's source cannot say it is fair.
        for (const g of outsideGates(a)) {
          ctx.report({
            unit: g.at.fn.contract.unit,
            node: g.at.node,
            messageId: g.decides === 'amount' ? 'gateAmount' : 'gate',
            data: {
              contract: a.contract.name,
              call: `${describeSym(g.call.target)}.${g.call.name}`,
              target: g.v?.name ?? describeSym(g.call.target),
              holder:
                g.holder === 'owner'
                  ? `an address ${[...new Set(g.setters.map((e) => e.fn.name))].join(', ')} can replace`
                  : g.holder === 'deployment'
                    ? 'fixed at deployment to an address the source does not show'
                    : 'an address written into the code',
            },
            contract: a.contract.name,
          });
        }
        const market = marketOf(a);
        const token = a.token;
        if (!market || !token || (market.pairs.size === 0 && market.pairMaps.size === 0)) return;
        const pairName = names([...market.pairs, ...market.pairMaps]);
        const reported = new Set<SyntaxNode>();
        for (const rule of token.rules) {
          if (reported.has(rule.guard.node)) continue;
          const found = sellRestriction(rule.clause, rule.entry, market, a);
          if (found) {
            reported.add(rule.guard.node);
            report(ctx, a, rule.guard, found.kind, pairName, found.vars, found.setters);
            continue;
          }
          if (!onRouterPath(rule.entry, token)) continue;
          const parties = privilegedSendersOnly(rule.clause, rule.entry, market, a);
          if (!parties) continue;
          reported.add(rule.guard.node);
          report(ctx, a, rule.guard, 'holders', pairName, parties, []);
        }
        for (const fee of sellFees(a, market)) report(ctx, a, fee, 'fee', pairName, [fee.v], fee.setters);
      },
    };
  },
});

/**
 * The sell restriction of a contract that is not a token but holds people's funds (a
 * wallet, a stake, a game bank, a pre-sale pool): withdrawing is its selling.
 * - locked: an open deposit credits the caller's entry, and no open function sends
 *   anything out, so only the owner decides whether depositors see their money again;
 * - drain: a privileged function sends funds out without settling anyone's entry;
 * - destroy: a privileged `selfdestruct` sends the whole balance away while a payout
 *   still owes per-address entries, ending every withdrawal at once.
 * High rather than critical: without a market the loss is the deposits, not a pool.
 */
function custodyTraps(ctx: DetectorContext, a: ContractAnalysis): void {
  if (isTransferableToken(a.token)) return;
  const { payouts, deposits } = custodyOf(a);
  const openPayout = a.entries.some((e) => !e.privileged && e.summary.calls.some(paysOut));
  const ownerPayouts = a.entries.filter((e) => e.privileged && e.summary.calls.some(paysOut));
  const [ledger, deposit] = [...deposits][0] ?? [];
  if (ledger && deposit && !openPayout && ownerPayouts.length > 0) {
    const at = ownerPayouts[0]!;
    ctx.report({
      unit: at.fn.contract.unit,
      node: at.fn.node,
      messageId: 'locked',
      severity: 'high',
      data: {
        contract: a.contract.name,
        deposit: deposit.fn.name,
        ledger: ledger.name,
        authority: at.authorities[0]?.v?.name ?? at.authorities[0]?.via ?? 'a privileged account',
        setters: [...new Set(ownerPayouts.map((e) => e.fn.name))].join(', '),
      },
      contract: a.contract.name,
    });
  }
  // A payout open to every holder of an entry: unrestricted, or "restricted" only by a
  // check on the caller's own entry (`require(canWithdraw[msg.sender][id])`).
  const owed = [...payouts].find(([v, e]) => !e.privileged || e.authorities.every((x) => x.v === v));
  if (!(ledger && deposit && !openPayout)) ownerDrains(ctx, a, owed?.[0] ?? ledger, owed?.[1] ?? deposit);
  if (!owed) return;
  for (const e of a.entries) {
    if (!e.privileged) continue;
    const kill = e.summary.calls.find((c) => c.kind === 'selfdestruct');
    if (!kill) continue;
    ctx.report({
      unit: kill.fn.contract.unit,
      node: kill.node,
      messageId: 'destroy',
      severity: 'high',
      data: { contract: a.contract.name, setters: e.fn.name, payout: owed[1].fn.name, ledger: owed[0].name },
      contract: a.contract.name,
    });
    return;
  }
}

/**
 * A privileged function that sends ETH or tokens out of a contract holding depositors'
 * entries without debiting any of them: the owner takes the pool the withdrawals are
 * paid from (`owner.transfer(amount)`, `token.transfer(owner, token.balanceOf(this))`).
 * A payout that settles someone's entry (`stakes[from] -= v; from.transfer(v)`) is not one.
 */
function ownerDrains(ctx: DetectorContext, a: ContractAnalysis, ledger: StateVariable | undefined, held: Entry | undefined): void {
  if (!ledger || !held) return;
  const { payouts, deposits } = custodyOf(a);
  const entries = new Set([...payouts.keys(), ...deposits.keys()]);
  const drains = a.entries.filter(
    (e) =>
      e.privileged &&
      e.summary.calls.some((c) => paysOut(c) && c.kind !== 'selfdestruct') &&
      !e.summary.writes.some((w) => entries.has(w.v) && w.keys.length > 0),
  );
  const at = drains[0];
  if (!at) return;
  ctx.report({
    unit: at.fn.contract.unit,
    node: at.fn.node,
    messageId: 'drain',
    severity: 'high',
    data: {
      contract: a.contract.name,
      setters: drains.map((e) => e.fn.name).join(', '),
      authority: at.authorities[0]?.v?.name ?? at.authorities[0]?.via ?? 'a privileged account',
      ledger: ledger.name,
      payout: held.fn.name,
    },
    contract: a.contract.name,
  });
}

function report(
  ctx: DetectorContext,
  a: ContractAnalysis,
  at: Located,
  kind: Kind | 'fee' | 'closed' | 'holders',
  pair: string,
  vars: StateVariable[],
  setters: Entry[],
): void {
  ctx.report({
    unit: at.fn.contract.unit,
    node: at.node,
    messageId: kind,
    data: { contract: a.contract.name, pair, flags: names(vars), setters: [...new Set(setters.map((e) => e.fn.name))].join(', ') },
    contract: a.contract.name,
  });
}

/**
 * A rule `!sell ∨ X₁ ∨ …` where every Xᵢ is an owner-managed list entry for a party, an
 * owner-set switch, or a caller exemption, and at least one is owner-managed.
 */
function sellRestriction(
  clause: Literal[],
  entry: Entry,
  market: Market,
  a: ContractAnalysis,
): { kind: Kind; vars: StateVariable[]; setters: Entry[] } | undefined {
  let onSells = false;
  const rest: Literal[] = [];
  for (const lit of clause) {
    const side = sideOf(lit, entry, market, a);
    if (side === 'not-sell') onSells = true;
    else if (side === 'pair-check') continue;
    else if (side) return undefined;
    else rest.push(lit);
  }
  if (!onSells || rest.length === 0) return undefined;
  let kind: Kind | undefined;
  const vars: StateVariable[] = [];
  const setters: Entry[] = [];
  const party = market.parties.get(entry);
  const isParty = (k: Sym): boolean => k.k === 'sender' || (!!party && [...party.senders, ...party.receivers].some((p) => sameSym(p, k)));
  for (const lit of rest) {
    const atom = lit.atom;
    if (atom.k === 'caller-is' && lit.positive) continue;
    if (isPartyExemption(lit, a, a.token!)) continue;
    if (atom.k === 'flag' && atom.keys.some(isParty)) {
      // An approved-sellers list (`ok[from]` must hold) traps everyone the owner has not
      // added, whether or not it can also remove them; a block list needs a setter to true.
      const writers = privilegedWrites(a, new Set([atom.v])).filter((x) =>
        x.writes.some((w) => w.keys.length > 0 && (lit.positive || canSetTo(w, true))),
      );
      if (writers.length === 0) return undefined;
      kind = lit.positive ? (kind ?? 'approved') : 'blocked';
      vars.push(atom.v);
      setters.push(...writers.map((x) => x.entry));
      continue;
    }
    if (atom.k === 'bool-var') {
      const writers = privilegedWrites(a, new Set([atom.v])).filter((x) => x.writes.some((w) => canSetTo(w, !lit.positive)));
      if (writers.length === 0) return undefined;
      kind ??= 'switch';
      vars.push(atom.v);
      setters.push(...writers.map((x) => x.entry));
      continue;
    }
    return undefined;
  }
  return kind ? { kind, vars, setters } : undefined;
}

/**
 * Whether a rule of `entry` stands in the way of a sale through a router, which moves the
 * seller's tokens with transferFrom: a rule of transfer() alone does not (a token may
 * refuse plain transfers between wallets and still trade).
 */
function onRouterPath(entry: Entry, token: TokenModel): boolean {
  const viaAllowance = token.transferEntries.filter((e) => e.fn.name === 'transferFrom');
  return viaAllowance.length === 0 || viaAllowance.includes(entry);
}

/**
 * A rule every transfer must pass, which a transfer out of the pair (a buy) passes and
 * otherwise only a privileged party does: `require(from == owner || from == pair)`,
 * `if (from != pair) require(tx.origin == owner)`. No side literal singles out sells, so
 * sellRestriction does not see it, but a sale is a transfer like any other: buyers get
 * tokens they can never sell or move. The parties are the stored addresses named; each
 * must be one no holder can make itself (only privileged functions write it), else the
 * rule is a race anyone can win, not a trap.
 */
function privilegedSendersOnly(clause: Literal[], entry: Entry, market: Market, a: ContractAnalysis): StateVariable[] | undefined {
  let buys = false;
  const parties: StateVariable[] = [];
  for (const lit of clause) {
    const side = sideOf(lit, entry, market, a);
    if (side === 'buy') {
      buys = true;
      continue;
    }
    if (side === 'pair-check') continue;
    if (side) return undefined;
    const atom = lit.atom;
    const v =
      atom.k === 'caller-is' && lit.positive && atom.who.k === 'state' && atom.who.keys.length === 0
        ? atom.who.v
        : exemptedParty(lit, a, a.token!);
    if (!v || writtenOpenly(a, v)) return undefined;
    if (!parties.includes(v)) parties.push(v);
  }
  return buys && parties.length > 0 ? parties : undefined;
}

/**
 * Fees taken on the sell branch (`if (to == pair) fee = amount * sellFee / 100`, or
 * `if (to == pair) _fee = _sellFee;` before the fee is computed) whose privileged setters
 * check no upper bound.
 */
function sellFees(a: ContractAnalysis, market: Market): (Located & { v: StateVariable; setters: Entry[] })[] {
  const token = a.token!;
  const out: (Located & { v: StateVariable; setters: Entry[] })[] = [];
  const sellArms: SyntaxNode[] = [];
  const candidates = new Map<StateVariable, Located>();
  const within = (n: SyntaxNode): boolean => sellArms.some((arm) => arm.start <= n.start && n.end <= arm.end);
  for (const entry of token.transferEntries) {
    for (const b of entry.summary.branches) {
      const clauses = clausesOf(b.cond, true, b.env, a.scope, b.fn);
      const sells = clauses.some((c) => c.length === 1 && sideOf(c[0]!, entry, market, a) === 'sell');
      const arm = b.node.children.find((c) => c.field === 'body');
      if (sells && arm) sellArms.push(arm);
    }
  }
  if (sellArms.length === 0) return out;
  const feeVars = new Set(token.fees.map((f) => f.v));
  for (const fee of token.fees) if (within(fee.node)) candidates.set(fee.v, { fn: fee.fn, node: fee.node });
  for (const entry of token.transferEntries) {
    for (const w of entry.summary.writes) {
      if (!feeVars.has(w.v) || !within(w.node) || w.value.k !== 'state' || w.value.keys.length > 0) continue;
      if (!candidates.has(w.value.v)) candidates.set(w.value.v, { fn: w.fn, node: w.node });
    }
  }
  // The denominator of the fee a candidate sets (`_fee = _sellFee; … amount * _fee / 1000`).
  const denominators = new Map(token.fees.map((f) => [f.v, f.denominator ?? 100]));
  for (const [v, at] of candidates) {
    const denominator = denominators.get(v) ?? [...denominators.values()][0] ?? 100;
    const setters = privilegedWrites(a, new Set([v])).filter((x) =>
      x.writes.some((w) => {
        const bound = boundOf(w, x.entry, a.scope);
        return bound === undefined || bound / denominator >= CONFISCATORY_SHARE;
      }),
    );
    if (setters.length > 0) out.push({ ...at, v, setters: setters.map((x) => x.entry) });
  }
  return out;
}
