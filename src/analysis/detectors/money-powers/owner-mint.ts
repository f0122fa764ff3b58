/** MT: a privileged account can create tokens. */
import { defineDetector } from '../define-detector.ts';
import { reportFunction } from '../report-helpers.ts';
import { describeSym, isConstantAddress, sameSym, type Sym } from '../../solidity/symbolic.ts';
import type { TokenModel } from '../../solidity/token-model.ts';
import type { DetectorContext } from '../define-detector.ts';
import type { ContractAnalysis, Entry } from '../../solidity/contract-analysis.ts';
import { addressMappingValue, isUintType } from '../../solidity/type-info.ts';
import type { TypeInfo } from '../../solidity/program.ts';
import type { ContractModel, StateVariable } from '../../solidity/program.ts';
import { constantValue } from '../../solidity/constant-value.ts';
import type { SyntaxNode } from '../../solidity/syntax-tree.ts';
import type { Write } from '../../solidity/summary.ts';
import type { Env } from '../../solidity/symbolic.ts';
import { canSetTo, privilegedWrites } from '../../solidity/transfer-rules.ts';
import { boundOf } from './fees-exceed-limit.ts';
import { visit } from '../../solidity/syntax-helpers.ts';
import { clauseAuthority } from '../../solidity/access-control.ts';
import { clausesOf } from '../../solidity/conditions.ts';
import { transferSurplus } from '../../solidity/conservation.ts';
import { custodyOf } from '../../solidity/custody.ts';
import type { PathCondition } from '../../solidity/summary.ts';

export default defineDetector({
  meta: {
    id: 'owner-mint',
    category: 'money-powers',
    scoring: { kind: 'money-power', power: 'mint' },
    title: 'Privileged account can mint tokens',
    severity: 'high',
    confidence: 'high',
    smartAuditKey: 'mint',
    checklist: 'MT',
    description:
      'An owner- or role-restricted function credits a balance while raising the total supply (or without debiting anyone), so the privileged account can create tokens at will and dilute holders. Also: handing out tokens from a reserve no key holds (this contract, a fixed address) that nothing refills, and crediting per-address claims with any amount that a payout function pays to their holder in ETH or tokens (medium).',
    exploitScenario: 'After liquidity is added the owner mints a large amount to a fresh wallet and sells it into the pool, draining it.',
    recommendation:
      'Remove the mint function, cap the supply with a check that cannot be changed, or put minting behind a timelock and multisig that holders can see.',
    messages: {
      mint: '{contract}.{fn} can mint tokens: restricted to {authority}, it credits {ledger}{supply}.',
      branch: '{contract}.{fn} mints tokens when {authority} calls it: on that branch it credits {ledger} without debiting anyone.',
      transfer:
        '{contract}.{fn} creates tokens on every transfer: it credits {ledger} with {terms} more than it debits, so {receiver} is paid in new tokens and the supply grows unseen.',
      reserve:
        '{contract}.{fn} hands out tokens from {reserve}, an account no holder owns: restricted to {authority}, it credits {ledger} from that reserve whenever it is called, so the restricted account decides when the reserve enters circulation.',
      claim:
        '{contract}.{fn} credits {claims} to any address with any amount, restricted to {authority}, and {payout} pays {claims} out to whoever holds it: the restricted account can create claims on the contract funds at will.',
      once: '{contract}.{fn} can mint once, a fixed amount: restricted to {authority}, it credits {ledger} with {amount} and then sets {flag}, which nothing resets. The supply it adds is bounded.',
      priced:
        '{contract}.{fn} sets {rate} with no upper bound, and {minter} mints that many tokens per unit paid to anyone: the owner can mint at will by raising the rate and buying.',
    },
  },
  create(ctx) {
    return {
      contract(a) {
        ownerClaims(ctx, a);
        const t = a.token;
        if (!t) return;
        // Open functions' owner-only branches are read by branchMints below.
        for (const e of a.entries) {
          if (!e.privileged) continue;
          const writes = e.summary.writes;
          // Credits to holders the contract recorded itself (`balances[list[i]] += share`) pay
          // out a distribution; the privileged caller does not choose who receives them.
          const chosen = (w: Write): boolean => !(recordedHolder(w.keys[0]) || (w.inLoop && w.keys[0]?.k === 'unknown'));
          // A supply set to a new non-zero value (`totalSupply = _supply`) outside the constructor.
          const supplySet = writes.find((w) => t.supply.has(w.v) && w.op === 'set' && w.keys.length === 0);
          const supplyUp = writes.find((w) => t.supply.has(w.v) && w.op === 'inc') ?? supplySet;
          const decreases = writes.some((w) => t.isLedger(w) && (w.op === 'dec' || w.op === 'delete'));
          // `balances[wallet] = totalSupply` beside a new supply, with nobody debited, issues tokens.
          const credits = writes.filter(
            (w) => t.isLedger(w) && chosen(w) && (w.op === 'inc' || (w.op === 'set' && !!supplySet && !decreases)),
          );
          // `balances[who] = amount` with both chosen by the caller, as the function's only
          // ledger write: the owner can give anyone (itself included) any balance.
          const ledgerWrites = writes.filter((w) => t.isLedger(w));
          const overwrite =
            ledgerWrites.length === 1 && ledgerWrites[0]!.op === 'set' && ledgerWrites[0]!.value.k === 'param' && chosen(ledgerWrites[0]!)
              ? ledgerWrites[0]
              : undefined;
          if (credits.length === 0 && overwrite) {
            reportFunction(ctx, e.fn, 'mint', {
              authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
              ledger: overwrite.v.name,
              supply: ' with any amount it is given',
            });
            continue;
          }
          if (credits.length === 0) continue;
          const debitWrites = writes.filter(
            (w) => t.isLedger(w) && (w.op === 'dec' || w.op === 'delete' || (w.op === 'set' && !credits.includes(w))),
          );
          if (!supplyUp && debitWrites.length > 0) {
            // Every debit from a fixed address (`this`, a literal like 0x01): the tokens leave
            // a reserve no key holds, and only the restricted caller can release it — new
            // supply to the market as surely as a mint.
            const reserve = reserveOf(debitWrites, t);
            if (reserve)
              reportFunction(ctx, e.fn, 'reserve', {
                authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
                ledger: credits[0]!.v.name,
                reserve,
              });
            continue;
          }
          const authority = holderOf(a, e.authorities[0]!.v, ctx.program.contracts) ?? e.authorities[0]!.via;
          // A mint that locks itself after one call, for an amount written into the code,
          // adds a known quantity once: a bounded supply, not an open tap.
          const once = oneShot(a, e, [...credits, ...(supplyUp ? [supplyUp] : [])]);
          if (once) {
            ctx.report({
              unit: e.fn.contract.unit,
              node: e.fn.node,
              messageId: 'once',
              severity: 'medium',
              data: { contract: e.fn.contract.name, fn: e.fn.name, authority, ledger: credits[0]!.v.name, ...once },
              contract: e.fn.contract.name,
            });
            continue;
          }
          reportFunction(ctx, e.fn, 'mint', {
            authority,
            ledger: credits[0]!.v.name,
            supply:
              supplyUp === supplySet && supplySet
                ? ` and sets ${supplySet.v.name}`
                : supplyUp
                  ? ` and raises ${supplyUp.v.name}`
                  : ' without debiting another holder',
          });
        }
        pricedMints(ctx, a);
        branchMints(ctx, a);
        transferMints(ctx, a);
      },
    };
  },
});

/**
 * `require(!minted); …; minted = true;` with every credit a constant: the function can run
 * once (nothing else sets the flag back), for an amount fixed in the code.
 */
function oneShot(a: ContractAnalysis, e: Entry, credits: Write[]): { amount: string; flag: string } | undefined {
  const amounts = credits.map((w) => (w.valueNode ? constantValue(w.valueNode, a.scope) : undefined));
  if (amounts.some((x) => x === undefined)) return undefined;
  for (const g of e.summary.guards) {
    if (g.path.some((p) => !p.afterExit)) continue;
    const clauses = clausesOf(g.cond, g.positive, g.env, a.scope, g.fn);
    if (clauses.length !== 1 || clauses[0]!.length !== 1) continue;
    const lit = clauses[0]![0]!;
    if (lit.atom.k !== 'bool-var') continue;
    const v = lit.atom.v;
    // The guard needs `v == lit.positive`; the call sets it to the other value after.
    const locks = e.summary.writes.some((w) => w.v === v && w.seq > g.seq && canSetTo(w, !lit.positive) && !canSetTo(w, lit.positive));
    if (!locks) continue;
    const reopened = a.entries.some((x) => x.summary.writes.some((w) => w.v === v && canSetTo(w, lit.positive)));
    if (reopened) continue;
    return { amount: credits[0]!.valueNode!.text, flag: v.name };
  }
  return undefined;
}

/**
 * Who holds a mint power, said plainly when the source shows it: an authority variable
 * set in a constructor to a contract the same source creates (`minter = address(new Farm())`),
 * or the owner of a token that another contract of the source creates with `new` (that
 * contract is then msg.sender at deployment, and its code decides when minting happens).
 */
function holderOf(a: ContractAnalysis, v: StateVariable | undefined, contracts: readonly ContractModel[]): string | undefined {
  if (!v) return undefined;
  for (const c of a.constructors) {
    const w = c.writes.find((x) => x.v === v && x.keys.length === 0 && x.valueNode);
    const created = w?.valueNode ? createdContract(w.valueNode) : undefined;
    if (created) return `${v.name} (the ${created} contract this source deploys)`;
    if (w && w.value.k === 'sender') {
      const creator = contracts.find((k) => k !== a.contract && k.kind === 'contract' && createdBy(k).has(a.contract.name));
      if (creator) return `${v.name} (the ${creator.name} contract, which deploys ${a.contract.name} with new)`;
    }
  }
  return v.name;
}

const NEW_CONTRACT = /\bnew\s+([A-Za-z_$][\w$]*)\s*\(/g;
const createdCache = new WeakMap<ContractModel, ReadonlySet<string>>();

/**
 * Names of the contracts `k`'s code creates with `new`, read once per contract: a regular
 * expression per (contract, other contract) pair was quadratic in a folder scanned as one
 * program.
 */
function createdBy(k: ContractModel): ReadonlySet<string> {
  let names = createdCache.get(k);
  if (!names) {
    names = new Set(Array.from(k.unit.source.slice(k.node.start, k.node.end).matchAll(NEW_CONTRACT), (m) => m[1]!));
    createdCache.set(k, names);
  }
  return names;
}

function createdContract(n: SyntaxNode): string | undefined {
  let name: string | undefined;
  visit(n, (m) => {
    if (name) return false;
    if (m.type === 'new_expression') name = m.children.find((c) => c.type !== 'new')?.text;
    return !name;
  });
  return name;
}

/** The fixed address every debit takes from, when all of them do (`balances[this] -= v`). */
function reserveOf(debits: readonly Write[], t: TokenModel): string | undefined {
  const keys = debits.map((w) => w.keys[0]);
  // A `constant` address variable is as fixed as the literal it names.
  const fixed = (k: Sym | undefined): boolean =>
    !!k && k.k !== 'zero' && (isConstantAddress(k) || (k.k === 'state' && k.v.isConstant && k.keys.length === 0));
  if (!keys.every(fixed)) return undefined;
  if (debits.some((w) => w.op !== 'dec')) return undefined;
  // Fees the transfer path collects on the contract (`balances[this] += fee`) are holders'
  // money the owner rescues or swaps, not supply held back: only a reserve nothing refills.
  const refilled = t.transferEntries.some((e) =>
    e.summary.writes.some((w) => t.isLedger(w) && w.op === 'inc' && !!w.keys[0] && keys.some((k) => sameSym(k!, w.keys[0]!))),
  );
  if (refilled) return undefined;
  const k = keys[0]!;
  return k.k === 'this' ? 'this contract' : describeSym(k);
}

/**
 * Claims the owner writes and anyone cashes: a privileged function credits a per-address
 * amount at an address and by an amount its caller chooses (`referrer[who] += amount`),
 * and a function pays the caller its entry in ETH or tokens. The
 * owner credits a wallet of its own and withdraws the contract's funds: a mint of claims
 * (medium: it drains what the contract holds rather than diluting a supply).
 */
function ownerClaims(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token;
  const { payouts } = custodyOf(a);
  if (payouts.size === 0) return;
  for (const e of a.entries) {
    if (!e.privileged || allocatesHoldings(e)) continue;
    for (const w of e.summary.writes) {
      const payout = payouts.get(w.v);
      if (!payout || (t && (t.isLedger(w) || t.supply.has(w.v)))) continue;
      const value = addressMappingValue(w.v.type);
      if (!value || !(isUintType(value) || isRecordType(value)) || w.keys.length !== 1) continue;
      // The credited address is a parameter, or an element of a list the caller passes
      // (`records[users[i]] = …` in a batch): either way the caller chooses who.
      const key = w.keys[0]!;
      const batch = key.k === 'element' && key.of.k === 'param';
      if (!(key.k === 'param' || batch) || (w.inLoop && !batch)) continue;
      if (!(w.op === 'inc' || w.op === 'set') || !chosenAmount(w)) continue;
      ctx.report({
        unit: e.fn.contract.unit,
        node: e.fn.node,
        messageId: 'claim',
        severity: 'medium',
        data: {
          contract: e.fn.contract.name,
          fn: e.fn.name,
          claims: w.v.name,
          authority: e.authorities[0]!.v?.name ?? e.authorities[0]!.via,
          payout: payout.fn.name,
        },
        contract: e.fn.contract.name,
      });
      break;
    }
  }
}

/**
 * A credit checked against what the contract holds (`require(token.balanceOf(this) >=
 * allocated + amount)`) hands out funds already in the contract and not yet promised: a
 * vesting or airdrop allocation, not claims on the other holders' money.
 */
function allocatesHoldings(e: Entry): boolean {
  const held = /balanceOf\s*\(\s*(address\s*\(\s*)?this\s*\)?\s*\)|\b(address\s*\(\s*)?this\s*\)?\s*\.\s*balance\b/;
  return e.summary.guards.some((g) => held.test(g.cond.text));
}

/**
 * A per-address record that is not a number: a struct (`Record { amount; time }`), read
 * as a claim when the amount written into it comes from the caller.
 */
function isRecordType(type: TypeInfo): boolean {
  if (type.mapping || type.isArray) return false;
  return !/^(address( payable)?|bool|string|bytes\d*|u?int\d*)$/.test(type.text);
}

/**
 * The amount written comes from the caller's arguments (`+= amount`, `= add(x, amount)`,
 * `= Record(amounts[i], …)`), directly or through the locals it was built in.
 */
function chosenAmount(w: Write): boolean {
  if (w.value.k === 'param') return isAmountType(w.value.fn.params[w.value.index]?.type.text ?? '');
  return !!w.valueNode && readsParam(w.valueNode, w, 0);
}

function readsParam(node: SyntaxNode, w: Write, depth: number): boolean {
  let found = false;
  visit(node, (n) => {
    const alias = n.type === 'identifier' && n.field !== 'property' ? w.env.aliases.get(n.text) : undefined;
    if (alias && alias !== n && depth < 3) {
      found ||= readsParam(alias, w, depth + 1);
      return !found;
    }
    // An index (`m[who]`) names whose entry is read, not how much.
    if (n.type === 'array_access') {
      for (const c of n.children) if (c.field !== 'index') visit(c, (x) => ((found ||= isParam(x, w)), !found));
      return false;
    }
    found ||= isParam(n, w);
    return !found;
  });
  return found;
}

/** A numeric parameter (or list of numbers): an address written into a record is not an amount. */
function isParam(n: SyntaxNode, w: Write): boolean {
  return (
    n.type === 'identifier' &&
    n.field !== 'property' &&
    n.field !== 'index' &&
    w.fn.params.some((p) => p.name === n.text && isAmountType(p.type.text))
  );
}

function isAmountType(text: string): boolean {
  return /^u?int\d*(\[\])?$/.test(text.replace(/ (memory|calldata|storage)$/, ''));
}

function recordedHolder(key: Sym | undefined): boolean {
  return key?.k === 'state' && key.keys.length > 0;
}

/**
 * A public sale that mints `paid * rate` tokens to the buyer, where the owner sets `rate`
 * with no bound: raising the rate and buying for a wei is minting at will.
 */
function pricedMints(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token!;
  const reported = new Set<string>();
  for (const e of a.entries) {
    if (e.privileged) continue;
    const writes = e.summary.writes;
    if (writes.some((w) => t.isLedger(w) && w.op === 'dec')) continue;
    const supplyUp = writes.some((w) => t.supply.has(w.v) && w.op === 'inc');
    for (const credit of writes) {
      if (!t.isLedger(credit) || credit.op !== 'inc' || credit.keys[0]?.k !== 'sender' || !credit.valueNode || !supplyUp) continue;
      const rates = new Set<StateVariable>();
      stateReadsOf(credit.valueNode, credit.env, a, rates, 0);
      for (const v of rates) {
        if (t.ledgers.has(v) || t.supply.has(v) || v.isConstant) continue;
        for (const { entry, writes: set } of privilegedWrites(a, new Set([v]))) {
          if (!set.some((w) => w.op === 'set' && boundOf(w, entry, a.scope) === undefined)) continue;
          const key = `${entry.fn.name}/${v.name}`;
          if (reported.has(key)) continue;
          reported.add(key);
          reportFunction(ctx, entry.fn, 'priced', { rate: v.name, minter: e.fn.name });
        }
      }
    }
  }
}

/** State variables an expression reads, through the locals it was computed from. */
function stateReadsOf(n: SyntaxNode, env: Env, a: ContractAnalysis, out: Set<StateVariable>, depth: number): void {
  visit(n, (m) => {
    if (m.type !== 'identifier' || m.field === 'property') return true;
    const alias = env.aliases.get(m.text);
    if (alias && depth < 3) stateReadsOf(alias, env, a, out, depth + 1);
    else if (!env.values.has(m.text)) {
      const v = a.scope.stateVariable(m.text);
      if (v && !v.type.mapping) out.add(v);
    }
    return true;
  });
}

/**
 * A mint hidden in an open function: `if (msg.sender == owner) { balances[to] += v; }`
 * credits the ledger on a branch only the owner reaches, with no debit on that branch.
 */
function branchMints(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token!;
  for (const e of a.entries) {
    if (e.privileged) continue;
    const writes = e.summary.writes;
    for (const credit of writes) {
      if (!t.isLedger(credit) || credit.op !== 'inc') continue;
      const authority = credit.path.map((p) => pathAuthority(p, a)).find((x) => x !== undefined);
      if (!authority) continue;
      // A debit runs along with the credit when every branch it sits under is also the credit's.
      const paid = writes.some(
        (w) =>
          t.isLedger(w) &&
          (w.op === 'dec' || w.op === 'set') &&
          w.path.every((p) => credit.path.some((q) => q.cond === p.cond && q.positive === p.positive)),
      );
      // A supply raised on the same branch is new tokens whatever else the function debits
      // (`if (from == _dev) { balances[_dev] += v * 1000; totalSupply += v * 1000; }` before
      // the ordinary transfer's own debit).
      const raises = writes.some(
        (w) =>
          t.supply.has(w.v) &&
          w.op === 'inc' &&
          w.path.some((p) => credit.path.some((q) => q.cond === p.cond && q.positive === p.positive)),
      );
      if (paid && !raises) continue;
      reportFunction(ctx, e.fn, 'branch', { authority, ledger: credit.v.name });
      break;
    }
  }
}

/** A transfer path that credits more than it debits (a fee paid on top of the amount). */
function transferMints(ctx: DetectorContext, a: ContractAnalysis): void {
  const t = a.token!;
  const seen = new Set<SyntaxNode>();
  for (const e of t.transferEntries) {
    const surplus = transferSurplus(t, e);
    if (!surplus || seen.has(surplus.credit.node)) continue;
    seen.add(surplus.credit.node);
    const key = surplus.credit.keys[0];
    const receiver =
      key?.k === 'state' ? key.v.name : key && 'name' in key && typeof key.name === 'string' ? key.name : 'the credited address';
    ctx.report({
      unit: surplus.credit.fn.contract.unit,
      node: surplus.credit.node,
      messageId: 'transfer',
      data: { contract: a.contract.name, fn: e.fn.name, ledger: surplus.credit.v.name, terms: surplus.terms.join(' + '), receiver },
      contract: a.contract.name,
    });
  }
}

function pathAuthority(p: PathCondition, a: ContractAnalysis): string | undefined {
  const clauses = clausesOf(p.cond, p.positive, p.env, a.scope, p.fn);
  for (const clause of clauses) {
    const auth = clauseAuthority(clause);
    if (auth && auth.kind !== 'self') return auth.v?.name ?? 'a fixed address';
  }
  return undefined;
}
