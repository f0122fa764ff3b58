/**
 * The verdict of a Solana mint (issue 29): the same answer as an EVM token's, from the
 * spec's `tokenProgram` object alone. Its `risks` are the token program's twelve finding
 * codes in the spec's order, each yes / no / unknown with the account field that decides
 * it; `powerHolders` names every authority that can still act on the mint (null ones as
 * `nobody`). Pure: the same tokenProgram always gives the same verdict.
 *
 * A code is `no` only when the mint was read (the rules are over account fields, all read
 * at once); an unreadable mint leaves every code `unknown` with the read's error. Buying and
 * selling are known only where the token program itself decides them (a non-transferable
 * mint, new accounts frozen by default); otherwise `unknown`, because Solana pools are not
 * read and no trade is simulated (docs/decisions/0231-the-verdict-of-a-solana-mint-and.md).
 */
import type { AuditLayout } from '../../interface/schemas/audit-layout.ts';
import type { Evidence, Verdict } from '../../interface/schemas/verdict.ts';
import { FINDING_RULES, type FindingCode } from '../../solana/finding-codes.ts';

export type TokenProgramLike = NonNullable<AuditLayout['tokenProgram']>;

type PowerHolder = Verdict['powerHolders'][number];

/** Each authority that can act on a mint, the field it is read from, and what it allows. */
function powersOf(tp: TokenProgramLike): PowerHolder[] {
  const e = tp.extensions;
  const out: PowerHolder[] = [];
  const add = (power: string, address: string | null | undefined) =>
    out.push(address ? { power, holder: 'unknown', address } : { power, holder: 'nobody' });
  add('mint more tokens (mint authority)', tp.mintAuthorityAddress || null);
  add('freeze token accounts (freeze authority)', tp.freezeAuthorityAddress || null);
  if (tp.namespace === 'metaplex-token-metadata')
    add('update the metadata (Metaplex update authority)', tp.isMutable ? tp.updateAuthorityAddress || null : null);
  if (e.permanentDelegate) add('move or burn any holder’s tokens (permanent delegate)', e.permanentDelegate.delegate);
  if (e.transferHook) add('set the transfer hook program (transfer hook authority)', e.transferHook.authority);
  if (e.transferFeeConfig) add('set the transfer fee (fee config authority)', e.transferFeeConfig.transferFeeConfigAuthority);
  if (e.interestBearingMintConfig) add('set the interest rate (rate authority)', e.interestBearingMintConfig.rateAuthority);
  if (e.metadataPointer) add('move the metadata pointer (pointer authority)', e.metadataPointer.authority);
  if (e.tokenMetadata) add('update the on-mint metadata (update authority)', e.tokenMetadata.updateAuthority);
  if (e.mintCloseAuthority) add('close the mint (close authority)', e.mintCloseAuthority.closeAuthority);
  return out;
}

/** What in the account decided a code: the field and its value, in words. */
function accountDetail(code: FindingCode, tp: TokenProgramLike): string {
  const e = tp.extensions;
  switch (code) {
    case 'STMA':
      return `mint authority ${tp.mintAuthorityAddress}`;
    case 'STFA':
      return `freeze authority ${tp.freezeAuthorityAddress}`;
    case 'STUA':
      return `metadata is mutable; update authority ${tp.updateAuthorityAddress}`;
    case 'ST2PDA':
      return `permanent delegate ${e.permanentDelegate?.delegate ?? ''}`;
    case 'ST2THE':
      return [
        e.transferHook?.programId ? `hook program ${e.transferHook.programId}` : 'no hook program yet',
        e.transferHook?.authority ? `hook authority ${e.transferHook.authority}` : '',
      ]
        .filter(Boolean)
        .join('; ');
    case 'ST2MDAS':
      return `default account state ${e.defaultAccountState?.state ?? ''}, changeable by freeze authority ${tp.freezeAuthorityAddress}`;
    case 'ST2FDAS':
      return 'new token accounts start frozen';
    case 'ST2ETFC': {
      const fee = e.transferFeeConfig?.newerTransferFee;
      return `fee authority ${e.transferFeeConfig?.transferFeeConfigAuthority ?? ''}${fee ? `; fee now ${fee.transferFeeBasisPoints / 100} %` : ''}`;
    }
    case 'ST2IBTC':
      return `interest-bearing, rate ${(e.interestBearingMintConfig?.currentRate ?? 0) / 100} % a year`;
    case 'ST2UMA':
      return `metadata pointer authority ${e.metadataPointer?.authority ?? ''}`;
    case 'ST2TMM':
      return `on-mint metadata update authority ${e.tokenMetadata?.updateAuthority ?? ''}`;
    case 'ST2NTT':
      return 'non-transferable: tokens cannot leave the account they are minted to';
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const NOT_TRADED = 'Solana pools are not read yet, so no trade was simulated';

export function solanaVerdict(tp: TokenProgramLike): Verdict {
  const read = tp.error === '';
  const codes = new Set(tp.findingCodes);
  const risks = FINDING_RULES.map((rule): Verdict['risks'][number] => {
    const name = `${capitalise(rule.title)} (${rule.code})`;
    if (!read) return { id: rule.code, name, answer: 'unknown', evidence: [], reason: `the mint could not be read: ${tp.error}` };
    if (!codes.has(rule.code)) return { id: rule.code, name, answer: 'no', evidence: [] };
    const evidence: Evidence[] = [
      { kind: 'finding', detector: rule.code, severity: rule.severity },
      { kind: 'account', field: rule.reads, detail: accountDetail(rule.code, tp) },
    ];
    return { id: rule.code, name, answer: 'yes', evidence };
  });

  const nonTransferable = read && tp.extensions.nonTransferable !== null;
  const frozenByDefault = read && tp.extensions.defaultAccountState?.state === 'frozen';
  const canBuy: Verdict['canBuy'] = nonTransferable || frozenByDefault ? 'no' : 'unknown';
  const canSell: Verdict['canSell'] = nonTransferable || frozenByDefault ? 'no' : 'unknown';
  const powerHolders = read ? powersOf(tp) : [];

  const parts: string[] = [];
  if (!read) parts.push(`Nothing is known: the mint could not be read (${tp.error}).`);
  else if (nonTransferable) parts.push('You cannot sell: the token is non-transferable, it cannot leave the account it was minted to.');
  else if (frozenByDefault)
    parts.push(
      tp.freezeAuthorityAddress
        ? 'You cannot buy or sell unless the freeze authority thaws your account: new token accounts start frozen.'
        : 'You cannot buy or sell: new token accounts start frozen and no freeze authority is left to thaw them.',
    );
  else parts.push(`Whether you can sell is not known: ${NOT_TRADED}.`);
  if (read) {
    if (codes.has('ST2PDA')) parts.push('A permanent delegate can move or burn the tokens in any account, yours included.');
    if (codes.has('STFA') && !frozenByDefault) parts.push('The freeze authority can freeze your token account, and then you cannot sell.');
    if (codes.has('ST2THE')) parts.push('A transfer hook program can refuse any transfer, a sell included.');
    if (codes.has('ST2ETFC')) parts.push('The fee authority can raise the transfer fee.');
    if (codes.has('STMA')) parts.push('The mint authority can mint more tokens.');
    if (powerHolders.every((p) => p.holder === 'nobody')) parts.push('No authority is left: the mint cannot be changed.');
  }
  return { canBuy, canSell, summary: parts.join(' '), sellAfterOwnerActions: [], delayed: [], powerHolders, risks };
}
