/**
 * GoPlus's 16 token-risk categories, in GoPlus's order, each mapped to the smartAudit
 * keys and finding ids (detector ids) that report it. One source of truth: the table in
 * docs/detectors.md is generated from it, a test ties every entry to the detector
 * registry and to fixtures in `__fixtures__/goplus/<id>/`, and a verdict's list of risks
 * can be read off it in this order. Pure data: no I/O.
 */
import type { SmartAuditKey } from './detectors/define-detector.ts';

export interface GoPlusCategory {
  /** Our id, also the fixture folder `src/analysis/__fixtures__/goplus/<id>/`. */
  readonly id: string;
  /** The field of GoPlus's token-security answer that carries it. */
  readonly goplusField: string;
  readonly name: string;
  /** smartAudit keys that are non-empty when the risk is present. */
  readonly smartAuditKeys: readonly SmartAuditKey[];
  /** Finding ids (detector ids) that report it. */
  readonly findings: readonly string[];
  /** What in the code triggers it. */
  readonly triggers: string;
}

export const GOPLUS_CATEGORIES: readonly GoPlusCategory[] = [
  {
    id: 'honeypot',
    goplusField: 'is_honeypot',
    name: 'Honeypot',
    smartAuditKeys: [],
    findings: ['sell-restriction'],
    triggers:
      'Selling (a transfer to the pair) reverts unless the owner approved the seller, while an owner switch says so, or pays a sell fee the owner can raise to half or more; a launch that starts closed with insiders exempt; a transfer check or a transfer amount answered by an outside contract the owner controls; a rule on every transfer that only buys and privileged senders pass; a transfer function no standard call can pass.',
  },
  {
    id: 'mintable',
    goplusField: 'is_mintable',
    name: 'Mintable',
    smartAuditKeys: ['mint'],
    findings: ['owner-mint'],
    triggers:
      'A privileged function credits the ledger without debiting anyone (or raises the supply), including hidden branches and fee surpluses.',
  },
  {
    id: 'ownership-retrieval',
    goplusField: 'can_take_back_ownership',
    name: 'Ownership retrieval',
    smartAuditKeys: [],
    findings: ['reclaimable-ownership'],
    triggers:
      'A function sets the owner again without being restricted to the current owner (a previous owner, a lock), so a renounce can be undone.',
  },
  {
    id: 'balance-manipulation',
    goplusField: 'owner_change_balance',
    name: 'Balance manipulation',
    smartAuditKeys: ['burn'],
    findings: ['owner-changes-balances', 'owner-burn'],
    triggers:
      "A privileged function overwrites a holder's balance, moves tokens out of an address it is given without allowance, or debits it; or changes a number every balance is computed from (a reflection total, a rebase factor); including such work on a branch of an open function that only one privileged caller reaches.",
  },
  {
    id: 'hidden-ownership',
    goplusField: 'hidden_owner',
    name: 'Hidden ownership',
    smartAuditKeys: [],
    findings: ['hidden-owner', 'fake-renounce'],
    triggers: 'Privileged functions answer to a second, non-public owner variable, or a privileged address survives the renounce.',
  },
  {
    id: 'self-destruction',
    goplusField: 'selfdestruct',
    name: 'Self-destruction',
    smartAuditKeys: [],
    findings: ['selfdestruct'],
    triggers: 'The code can reach selfdestruct (or suicide).',
  },
  {
    id: 'external-invocation',
    goplusField: 'external_call',
    name: 'External invocation',
    smartAuditKeys: [],
    findings: ['external-call-in-transfer'],
    triggers: 'The transfer path calls another contract.',
  },
  {
    id: 'blacklist',
    goplusField: 'is_blacklisted',
    name: 'Blacklist',
    smartAuditKeys: ['blacklist', 'blacklistMany'],
    findings: ['blacklist', 'blacklist-many'],
    triggers:
      'A privileged function sets a per-address flag the transfer path reverts on (one address, or many in a loop), or freezes an amount of a holder.',
  },
  {
    id: 'whitelist',
    goplusField: 'is_whitelisted',
    name: 'Whitelist',
    smartAuditKeys: ['whitelist'],
    findings: ['whitelist'],
    triggers:
      'A privileged function sets a per-address flag the transfer path reads to exempt that address (from fees, limits or a closed launch).',
  },
  {
    id: 'slippage-modification',
    goplusField: 'slippage_modifiable',
    name: 'Slippage (tax) modification',
    smartAuditKeys: ['setFees'],
    findings: ['fee-setter', 'fees-exceed-limit'],
    triggers: 'A privileged function writes a variable the transfer path uses as a fee rate.',
  },
  {
    id: 'transfer-pausable',
    goplusField: 'transfer_pausable',
    name: 'Transfer pausable',
    smartAuditKeys: ['pause'],
    findings: ['pause-transfers'],
    triggers: 'A privileged function flips a switch that makes every transfer revert.',
  },
  {
    id: 'personal-slippage-modification',
    goplusField: 'personal_slippage_modifiable',
    name: 'Personal slippage modification',
    smartAuditKeys: [],
    findings: ['personal-fee'],
    triggers: 'A privileged function sets a fee rate per address that the transfer path applies, so one holder can be taxed up to 100%.',
  },
  {
    id: 'sale-restriction',
    goplusField: 'cannot_sell_all',
    name: 'Sale restriction (cannot sell all)',
    smartAuditKeys: [],
    findings: ['cannot-sell-all'],
    triggers: 'The transfer path requires the amount to stay below the balance, below a fixed share of it, or to leave a minimum behind.',
  },
  {
    id: 'anti-whale',
    goplusField: 'is_anti_whale',
    name: 'Anti-whale',
    smartAuditKeys: [],
    findings: ['anti-whale'],
    triggers: "The transfer path caps one transfer's amount or the recipient's resulting balance (fixed or settable).",
  },
  {
    id: 'anti-whale-modification',
    goplusField: 'anti_whale_modifiable',
    name: 'Anti-whale modification',
    smartAuditKeys: ['maxTxAmount'],
    findings: ['max-tx-amount', 'max-wallet'],
    triggers: 'A privileged function changes the transaction cap (or a per-holder cap) or the wallet cap.',
  },
  {
    id: 'trading-cooldown',
    goplusField: 'trading_cooldown',
    name: 'Trading cooldown',
    smartAuditKeys: ['cooldown'],
    findings: ['transfer-cooldown'],
    triggers:
      "A privileged function sets a time rule of the transfer path (a delay between a wallet's transfers, its switch, a per-holder unlock time, or the delay a per-holder unlock is computed from); a fixed delay no one can change is not reported.",
  },
];

/** The table in docs/detectors.md. */
export function renderGoPlusTable(categories: readonly GoPlusCategory[] = GOPLUS_CATEGORIES): string[] {
  return [
    '## GoPlus token-risk categories',
    '',
    "GoPlus's 16 token-risk categories, in GoPlus's order, and what reports each (source of truth: `src/analysis/goplus-categories.ts`; fixtures in `src/analysis/__fixtures__/goplus/<category>/`).",
    '',
    '| category | GoPlus field | smartAudit keys | finding ids | triggered by |',
    '|---|---|---|---|---|',
    ...categories.map(
      (c) =>
        `| ${c.name} | \`${c.goplusField}\` | ${c.smartAuditKeys.map((k) => `\`${k}\``).join(', ')} | ${c.findings.map((f) => `[${f}](#${f})`).join(', ')} | ${c.triggers} |`,
    ),
  ];
}
