/**
 * What an unverified contract can do, judged from the functions it dispatches on:
 * each selector resolved to text signatures (through the signature database) is
 * matched against the names and parameters token contracts use for privileged
 * operations. A name is evidence, not proof: findings are marked as coming from
 * bytecode and carry medium confidence (low when the selector resolves to several
 * texts and only some match).
 */
import { createHash } from 'node:crypto';
import type { Severity } from '../findings.ts';

export const BYTECODE_CAPABILITIES = [
  'mint',
  'burn',
  'blacklist',
  'setFees',
  'pause',
  'maxTxAmount',
  'withdrawTokens',
  'transferOwnership',
] as const;
export type BytecodeCapability = (typeof BYTECODE_CAPABILITIES)[number];

export interface ResolvedSelector {
  /** 0x-prefixed 4-byte selector found in the bytecode. */
  readonly selector: string;
  /** Candidate text signatures from the signature database (may be empty). */
  readonly signatures: readonly string[];
}

export interface BytecodeFinding {
  /** Stable: a hash of capability, selector and signature. */
  readonly id: string;
  readonly detector: `bytecode-${BytecodeCapability}`;
  readonly capability: BytecodeCapability;
  /** The smartAudit field it feeds, when there is one. */
  readonly smartAuditKey: 'mint' | 'burn' | 'blacklist' | 'setFees' | 'pause' | 'maxTxAmount' | null;
  /** The token checklist module it fails (MT, BT, BC, ST), when there is one. */
  readonly checklist: 'MT' | 'BT' | 'BC' | 'ST' | null;
  readonly severity: Exclude<Severity, 'critical'>;
  readonly confidence: 'medium' | 'low';
  readonly title: string;
  readonly description: string;
  readonly selector: string;
  readonly signature: string;
  /** Always 'bytecode': the finding comes from the code's dispatcher, not from source. */
  readonly source: 'bytecode';
}

interface Rule {
  readonly capability: BytecodeCapability;
  readonly smartAuditKey: BytecodeFinding['smartAuditKey'];
  readonly checklist: BytecodeFinding['checklist'];
  readonly severity: BytecodeFinding['severity'];
  readonly title: string;
  readonly matches: (name: string, params: readonly string[]) => boolean;
}

const hasAddress = (p: readonly string[]): boolean => p.some((t) => t.startsWith('address'));
const hasNumber = (p: readonly string[]): boolean => p.some((t) => /^u?int\d*$/.test(t));
const isQuery = (name: string): boolean => /^(is|get|has|can|check|view)[A-Z_]/.test(name) || /^_/.test(name);

const RULES: readonly Rule[] = [
  {
    capability: 'mint',
    smartAuditKey: 'mint',
    checklist: 'MT',
    severity: 'high',
    title: 'Can mint tokens (from bytecode)',
    matches: (n, p) => p.length > 0 && hasNumber(p) && /^(mint(?!er|ing)|issue$|issueTokens|createTokens|generateTokens)/i.test(n),
  },
  {
    capability: 'burn',
    smartAuditKey: 'burn',
    checklist: 'BT',
    severity: 'medium',
    title: 'Can burn tokens (from bytecode)',
    matches: (n, p) => p.length > 0 && /^burn(?!Rate|Fee|Address|Wallet)/i.test(n),
  },
  {
    capability: 'blacklist',
    smartAuditKey: 'blacklist',
    checklist: 'BC',
    severity: 'high',
    title: 'Can blacklist addresses (from bytecode)',
    matches: (n, p) =>
      !isQuery(n) &&
      hasAddress(p) &&
      /(black|block|deny|ban|bots?(?![a-z])|sniper|freeze|frozen|blacklist)/i.test(n) &&
      !/whitelist|unblock(?!ed)/i.test(n) &&
      !/^(add|remove)Liquidity/i.test(n),
  },
  {
    capability: 'setFees',
    smartAuditKey: 'setFees',
    checklist: null,
    severity: 'medium',
    title: 'Can change fees (from bytecode)',
    matches: (n, p) =>
      !isQuery(n) && hasNumber(p) && /(fee|tax)/i.test(n) && /^(set|update|change|adjust|modify|reduce|increase|configure)/i.test(n),
  },
  {
    capability: 'pause',
    smartAuditKey: 'pause',
    checklist: 'ST',
    severity: 'high',
    title: 'Can stop trading or transfers (from bytecode)',
    matches: (n) =>
      /^(pause|unpause|setPaused|togglePause|pauseTrading|stopTrading|pauseTransfers)$/i.test(n) ||
      /^(set|toggle|enable|disable)(Trading|TradingEnabled|TradingOpen|SwapEnabled|TradingStatus)$/i.test(n) ||
      /^(openTrading|enableTrading|startTrading|disableTrading|closeTrading)$/i.test(n),
  },
  {
    capability: 'maxTxAmount',
    smartAuditKey: 'maxTxAmount',
    checklist: null,
    severity: 'medium',
    title: 'Can change transaction or wallet limits (from bytecode)',
    matches: (n, p) =>
      (/^(set|update|change|remove|disable)/i.test(n) &&
        /(maxTx|maxTransaction|maxWallet|maxBuy|maxSell|maxAmount|txLimit|walletLimit|maxHold)/i.test(n) &&
        (p.length === 0 || hasNumber(p) || p.includes('bool'))) ||
      /^removeLimits$/i.test(n),
  },
  {
    capability: 'withdrawTokens',
    smartAuditKey: null,
    checklist: null,
    severity: 'low',
    title: 'Can withdraw tokens or ETH held by the contract (from bytecode)',
    matches: (n, p) =>
      /^(withdraw|rescue|recover|sweep|salvage|clearStuck|emergencyWithdraw|claimStuck)/i.test(n) &&
      (/(token|erc20|stuck|eth|bnb|foreign|balance|funds)/i.test(n) || hasAddress(p)),
  },
  {
    capability: 'transferOwnership',
    smartAuditKey: null,
    checklist: null,
    severity: 'informational',
    title: 'Ownership can be transferred or renounced (from bytecode)',
    matches: (n) => /^(transfer|renounce|accept|set|change|update)Owner(ship)?$/i.test(n),
  },
];

function split(signature: string): { name: string; params: string[] } | undefined {
  const open = signature.indexOf('(');
  if (open <= 0 || !signature.endsWith(')')) return undefined;
  const inner = signature.slice(open + 1, -1);
  const params: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of inner) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      params.push(current);
      current = '';
    } else current += ch;
  }
  if (current !== '') params.push(current);
  return { name: signature.slice(0, open), params };
}

/** Findings for the privileged operations the resolved selectors reveal, in capability order. */
export function classifyBytecodeCapabilities(resolved: readonly ResolvedSelector[]): BytecodeFinding[] {
  const findings: BytecodeFinding[] = [];
  for (const rule of RULES) {
    for (const { selector, signatures } of resolved) {
      const matching = signatures.filter((s) => {
        const parts = split(s);
        return parts !== undefined && rule.matches(parts.name, parts.params);
      });
      const signature = matching[0];
      if (signature === undefined) continue;
      findings.push({
        id: createHash('sha256').update(`${rule.capability}\0${selector}\0${signature}`).digest('hex').slice(0, 16),
        detector: `bytecode-${rule.capability}`,
        capability: rule.capability,
        smartAuditKey: rule.smartAuditKey,
        checklist: rule.checklist,
        severity: rule.severity,
        confidence: matching.length === signatures.length ? 'medium' : 'low',
        title: rule.title,
        description: `The runtime bytecode dispatches ${selector}, which is ${signature}${signatures.length > 1 ? ` (one of ${signatures.length} known signatures for it)` : ''}.`,
        selector,
        signature,
        source: 'bytecode',
      });
    }
  }
  return findings;
}
