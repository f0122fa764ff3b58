/**
 * What the scan knows about each smartAudit key, and what it does not.
 *
 * Verified source: the analysis fills every key. Unverified code: the bytecode's
 * resolved function names fill the keys they match (mint, burn, blacklist, setFees,
 * pause, maxTxAmount); a key left empty there is not "absent", it is unknown, and so
 * is every key only source can answer. Without any code analysis every key is unknown.
 * `meta.unknown` names each unknown key with the reason, so an empty array is never
 * read as "clean".
 */
import type { SmartAudit } from '../interface/schemas/audit-layout.ts';
import { EMPTY_SMART_AUDIT } from './build-audit-layout.ts';

type RangeKey = {
  [K in keyof SmartAudit]: SmartAudit[K] extends ReadonlyArray<{ range: unknown; file: string }>
    ? K extends 'nonImmutables' | 'nonDescriptiveErrorMessages'
      ? never
      : K
    : never;
}[keyof SmartAudit];

/** A capability found in bytecode: what `meta.findings` carries for `origin: 'bytecode'`. */
export type BytecodeCapabilityFinding = object;

/**
 * Bytecode has no lines: a range from bytecode is `[0, 0]` and its `file` names the
 * evidence as `bytecode:<selector> <signature>` (docs/decisions/0063-smartaudit-from-bytecode-and-unknown-keys-range.md, "smartAudit from
 * bytecode"). Line numbers are 1-based everywhere else, so 0 cannot be mistaken for one.
 */
export function bytecodeRangeFile(selector: string, signature: string): string {
  return `bytecode:${selector} ${signature}`;
}

/** The smartAudit of unverified code: the keys its capability findings match, each with one range per function. */
export function smartAuditFromBytecode(findings: readonly BytecodeCapabilityFinding[]): SmartAudit {
  const audit = structuredClone(EMPTY_SMART_AUDIT) as SmartAudit;
  for (const found of findings) {
    const finding = found as { smartAuditKey?: unknown; selector?: unknown; signature?: unknown };
    const key = finding.smartAuditKey;
    if (typeof key !== 'string' || !(key in audit) || !Array.isArray(audit[key as keyof SmartAudit])) continue;
    const file = bytecodeRangeFile(String(finding.selector ?? ''), String(finding.signature ?? ''));
    const ranges = audit[key as RangeKey];
    if (!ranges.some((r) => r.file === file)) ranges.push({ range: [0, 0], file });
  }
  return audit;
}

/** The keys the bytecode classifier can fill from function names. */
export const BYTECODE_KEYS: ReadonlySet<keyof SmartAudit> = new Set<keyof SmartAudit>([
  'mint',
  'burn',
  'blacklist',
  'setFees',
  'pause',
  'maxTxAmount',
]);

export type CodeCoverage = 'source' | 'bytecode' | 'none';

/**
 * `smartAudit.<key>` → why its value is unknown, for every key the scan could not decide.
 * Empty for an analysed verified source.
 */
export function unknownSmartAuditKeys(coverage: CodeCoverage, audit: SmartAudit, why: string): Record<string, string> {
  if (coverage === 'source') return {};
  const unknown: Record<string, string> = {};
  for (const key of Object.keys(EMPTY_SMART_AUDIT) as (keyof SmartAudit)[]) {
    if (coverage === 'none') {
      unknown[`smartAudit.${key}`] = `no code could be analysed: ${why}`;
      continue;
    }
    const value = audit[key];
    if (BYTECODE_KEYS.has(key)) {
      // Found from a function name: known. Not found: the name may be unknown or disguised.
      if (Array.isArray(value) && value.length > 0) continue;
      unknown[`smartAudit.${key}`] =
        'source not verified: no function of the bytecode resolved to a name that gives this power, but unnamed or disguised functions may';
    } else {
      unknown[`smartAudit.${key}`] = 'source not verified: only the source analysis can decide this key';
    }
  }
  return unknown;
}
