/**
 * The spec's twelve Solana finding codes, each a rule over the fields of the mint, its
 * Token-2022 extensions and its Metaplex metadata (docs/decisions/0076-solana-finding-codes.md, "Solana finding
 * codes"). Pure: the same account data always gives the same codes.
 */
import type { FindingSeverity } from '../scan/scoring/score-scan.ts';
import type { SolanaMintFacts } from './mint-facts.ts';

export const FINDING_CODES = [
  'STMA',
  'STFA',
  'STUA',
  'ST2PDA',
  'ST2THE',
  'ST2MDAS',
  'ST2FDAS',
  'ST2ETFC',
  'ST2IBTC',
  'ST2UMA',
  'ST2TMM',
  'ST2NTT',
] as const;
export type FindingCode = (typeof FINDING_CODES)[number];

export interface FindingRule {
  readonly code: FindingCode;
  /** The spec's meaning. */
  readonly title: string;
  /** What moves the security score (docs/scoring.md). */
  readonly severity: FindingSeverity;
  /** The account fields the rule reads, for the reader of meta.findings. */
  readonly reads: string;
  readonly applies: (facts: SolanaMintFacts) => boolean;
}

export const FINDING_RULES: readonly FindingRule[] = [
  {
    code: 'STMA',
    title: 'can mint',
    severity: 'high',
    reads: 'mint.mintAuthority',
    applies: (f) => f.mintAuthority !== null,
  },
  {
    code: 'STFA',
    title: 'can freeze accounts',
    severity: 'high',
    reads: 'mint.freezeAuthority',
    applies: (f) => f.freezeAuthority !== null,
  },
  {
    code: 'STUA',
    title: 'can update',
    severity: 'medium',
    reads: 'Metaplex metadata.isMutable',
    applies: (f) => f.metaplex?.isMutable === true,
  },
  {
    code: 'ST2PDA',
    title: 'contains permanent delegate authority',
    severity: 'critical',
    reads: 'extension PermanentDelegate.delegate',
    applies: (f) => f.extensions.permanentDelegate?.delegate != null,
  },
  {
    code: 'ST2THE',
    title: 'contains transfer hook execution',
    severity: 'high',
    // An authority can install a hook program later even when none is set now.
    reads: 'extension TransferHook.programId, TransferHook.authority',
    applies: (f) =>
      f.extensions.transferHook !== null && (f.extensions.transferHook.programId !== null || f.extensions.transferHook.authority !== null),
  },
  {
    code: 'ST2MDAS',
    title: 'can mutate default account state',
    severity: 'medium',
    // UpdateDefaultAccountState is signed by the mint's freeze authority.
    reads: 'extension DefaultAccountState, mint.freezeAuthority',
    applies: (f) => f.extensions.defaultAccountState !== null && f.freezeAuthority !== null,
  },
  {
    code: 'ST2FDAS',
    title: 'contains frozen default account state',
    severity: 'high',
    reads: 'extension DefaultAccountState.state',
    applies: (f) => f.extensions.defaultAccountState?.state === 'frozen',
  },
  {
    code: 'ST2ETFC',
    title: 'can set fees',
    severity: 'medium',
    reads: 'extension TransferFeeConfig.transferFeeConfigAuthority',
    applies: (f) => f.extensions.transferFeeConfig?.transferFeeConfigAuthority != null,
  },
  {
    code: 'ST2IBTC',
    title: 'contains interest-bearing tokens configuration',
    severity: 'low',
    reads: 'extension InterestBearingConfig',
    applies: (f) => f.extensions.interestBearingMintConfig !== null,
  },
  {
    code: 'ST2UMA',
    title: 'can update metadata address',
    severity: 'medium',
    reads: 'extension MetadataPointer.authority',
    applies: (f) => f.extensions.metadataPointer?.authority != null,
  },
  {
    code: 'ST2TMM',
    title: 'has token-modifiable metadata',
    severity: 'low',
    reads: 'extension TokenMetadata.updateAuthority',
    applies: (f) => f.extensions.tokenMetadata?.updateAuthority != null,
  },
  {
    code: 'ST2NTT',
    title: 'contains non-transferable token',
    severity: 'medium',
    reads: 'extension NonTransferable',
    applies: (f) => f.extensions.nonTransferable !== null,
  },
];

/** The codes that apply to a mint, in the spec's order. */
export function findingCodes(facts: SolanaMintFacts): FindingCode[] {
  return FINDING_RULES.filter((rule) => rule.applies(facts)).map((rule) => rule.code);
}
