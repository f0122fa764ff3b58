/**
 * What a watch of a Solana mint compares (issue 32, item 2, "for Solana the mint and
 * freeze authorities and Token-2022 extension state"), and the change in words. Pure:
 * account bytes in, a flat record of strings out (stored as the watch's baseline values);
 * two records in, alerts out.
 *
 * Every Token-2022 extension of the mint is a value of its own, keyed by its name: the
 * extensions the scan decodes (src/solana/mint-facts.ts) are kept as their decoded fields,
 * so a change is said field by field ("transfer fee 2.5 % → 10 %"); any other extension
 * (confidential transfers, pausable, scaled UI amount, a token group…) as a digest of its
 * bytes, so a change of it is seen even where no words exist for it. A transfer fee's
 * withheld amount is left out: anyone can harvest fees into the mint, it is not a power.
 */
import { createHash } from 'node:crypto';
import { decodeMintAccount, type MintExtensions } from '../solana/mint-facts.ts';
import { canonicalJson } from '../receipts/canonical-json.ts';
import type { WatchEventKind } from '../interface/schemas/watches.ts';
import { tokenAmount } from './describe-change.ts';

/**
 * The values of one mint: `mintAuthority`, `freezeAuthority`, `supply`, `decimals` and
 * `ext:<Name>` for each extension; `closed` is 'true' once the account was seen closed.
 */
export type MintWatchState = Readonly<Record<string, string | null>>;

/** Token-2022's extension type numbers (spl-token-2022 `ExtensionType`) of the extensions a mint can carry. */
const EXTENSION_NAMES: Readonly<Record<number, string>> = {
  1: 'TransferFeeConfig',
  3: 'MintCloseAuthority',
  4: 'ConfidentialTransferMint',
  6: 'DefaultAccountState',
  9: 'NonTransferable',
  10: 'InterestBearingConfig',
  12: 'PermanentDelegate',
  14: 'TransferHook',
  16: 'ConfidentialTransferFeeConfig',
  18: 'MetadataPointer',
  19: 'TokenMetadata',
  20: 'GroupPointer',
  21: 'TokenGroup',
  22: 'GroupMemberPointer',
  23: 'TokenGroupMember',
  24: 'ConfidentialMintBurn',
  25: 'ScaledUiAmount',
  26: 'Pausable',
};

/** The extensions the scan decodes: name → its field in MintExtensions. */
const DECODED: Readonly<Record<string, keyof MintExtensions>> = {
  TransferFeeConfig: 'transferFeeConfig',
  MintCloseAuthority: 'mintCloseAuthority',
  DefaultAccountState: 'defaultAccountState',
  NonTransferable: 'nonTransferable',
  InterestBearingConfig: 'interestBearingMintConfig',
  PermanentDelegate: 'permanentDelegate',
  TransferHook: 'transferHook',
  MetadataPointer: 'metadataPointer',
  TokenMetadata: 'tokenMetadata',
  GroupPointer: 'groupPointer',
  GroupMemberPointer: 'memberPointer',
};

/** A Token-2022 mint: 82 bytes of base mint, padding to 165, the account type (1), then type-length-value entries. */
const ACCOUNT_TYPE_OFFSET = 165;
const MINT_ACCOUNT_TYPE = 1;

interface TlvEntry {
  readonly type: number;
  readonly value: Uint8Array;
}

function tlvEntries(data: Uint8Array): TlvEntry[] {
  if (data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== MINT_ACCOUNT_TYPE) return [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: TlvEntry[] = [];
  let at = ACCOUNT_TYPE_OFFSET + 1;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0 || at + 4 + length > data.length) break; // the rest is unused space
    out.push({ type, value: data.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  return out;
}

/** The watched values of a mint account. Throws MintDecodeError when the account is not a mint. */
export function mintWatchState(address: string, owner: string, data: Uint8Array): MintWatchState {
  const facts = decodeMintAccount(address, owner, data);
  const values: Record<string, string | null> = {
    mintAuthority: facts.mintAuthority,
    freezeAuthority: facts.freezeAuthority,
    supply: facts.supply.toString(),
    decimals: String(facts.decimals),
  };
  for (const entry of tlvEntries(data)) {
    const name = EXTENSION_NAMES[entry.type] ?? `extension ${entry.type}`;
    const decoded = DECODED[name] ? facts.extensions[DECODED[name]] : null;
    if (decoded) {
      const view: Record<string, unknown> = { ...decoded };
      if (name === 'TransferFeeConfig') delete view.withheldAmount;
      // Keys sorted at every level: the same state is always the same string.
      values[`ext:${name}`] = canonicalJson(view);
    } else {
      values[`ext:${name}`] = `sha256:${createHash('sha256').update(entry.value).digest('hex').slice(0, 16)}`;
    }
  }
  return values;
}

export interface MintAlert {
  readonly key: string;
  readonly kind: WatchEventKind;
  readonly words: string;
  readonly before: string | null;
  readonly after: string | null;
}

/** An address in a summary: its first and last four characters. */
export const shortAddress = (address: string | null): string => (address === null ? 'none' : `${address.slice(0, 4)}…${address.slice(-4)}`);

function authorityWords(label: string, before: string | null, after: string | null, revoked: string): string {
  if (after === null) return `${label} ${shortAddress(before)} → none (revoked): ${revoked}`;
  if (before === null) return `${label} none → ${shortAddress(after)}: a key holds it again`;
  return `${label} ${shortAddress(before)} → ${shortAddress(after)}: another key holds it now`;
}

function percentChange(before: bigint, after: bigint): string {
  if (before === 0n) return '';
  const change = Number(((after - before) * 10_000n) / before) / 100;
  return ` (${change > 0 ? '+' : ''}${change} %)`;
}

/** Labels of the decoded extensions' fields whose change is said in words; others are said by their path. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  'TransferFeeConfig.transferFeeConfigAuthority': 'transfer fee authority',
  'TransferFeeConfig.withdrawWithheldAuthority': 'withheld fee withdrawal authority',
  'MintCloseAuthority.closeAuthority': 'mint close authority',
  'InterestBearingConfig.rateAuthority': 'interest rate authority',
  'PermanentDelegate.delegate': 'permanent delegate',
  'TransferHook.authority': 'transfer hook authority',
  'TransferHook.programId': 'transfer hook program',
  'MetadataPointer.authority': 'metadata pointer authority',
  'MetadataPointer.metadataAddress': 'metadata address',
  'TokenMetadata.updateAuthority': 'metadata update authority',
  'TokenMetadata.name': 'name',
  'TokenMetadata.symbol': 'symbol',
  'TokenMetadata.uri': 'metadata URI',
  'GroupPointer.authority': 'group pointer authority',
  'GroupMemberPointer.authority': 'member pointer authority',
};

const pct = (bps: unknown) => `${Number(bps) / 100} %`;

type Json = Record<string, unknown>;

function extensionWords(name: string, before: string, after: string): string {
  if (before.startsWith('sha256:') || after.startsWith('sha256:'))
    return `Token-2022 extension ${name} changed (state ${before.slice(7, 15)}… → ${after.slice(7, 15)}…)`;
  const b = JSON.parse(before) as Json;
  const a = JSON.parse(after) as Json;
  const parts: string[] = [];
  if (name === 'TransferFeeConfig') {
    const nb = b.newerTransferFee as Json;
    const na = a.newerTransferFee as Json;
    if (nb.transferFeeBasisPoints !== na.transferFeeBasisPoints)
      parts.push(`transfer fee ${pct(nb.transferFeeBasisPoints)} → ${pct(na.transferFeeBasisPoints)} (from epoch ${String(na.epoch)})`);
    if (nb.maximumFee !== na.maximumFee) parts.push(`maximum transfer fee ${String(nb.maximumFee)} → ${String(na.maximumFee)} raw units`);
  }
  if (name === 'DefaultAccountState' && b.state !== a.state)
    parts.push(
      `new token accounts start ${String(b.state)} → ${String(a.state)}${a.state === 'frozen' ? ': a buyer cannot move the tokens until the freeze authority thaws the account' : ''}`,
    );
  if (name === 'InterestBearingConfig' && b.currentRate !== a.currentRate)
    parts.push(`interest rate ${pct(b.currentRate)} → ${pct(a.currentRate)} a year`);
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const label = FIELD_LABELS[`${name}.${field}`];
    if (!label) continue;
    const x = (b[field] ?? null) as string | null;
    const y = (a[field] ?? null) as string | null;
    if (x === y) continue;
    parts.push(
      label.endsWith('authority') || label.endsWith('delegate')
        ? authorityWords(label, x, y, 'nobody can use it any more')
        : `${label} ${x ?? 'none'} → ${y ?? 'none'}`,
    );
  }
  return parts.length > 0 ? parts.join('; ') : `Token-2022 extension ${name} changed`;
}

/**
 * What changed between two states of a mint, in words. `after` null: the account is gone
 * (a mint with a close authority and no supply can be closed).
 */
export function compareMintStates(before: MintWatchState, after: MintWatchState | null): MintAlert[] {
  if (after === null)
    return before.closed === 'true'
      ? [] // said once, when it was closed
      : [
          {
            key: 'closed',
            kind: 'solana-authority-changed',
            words: 'the mint account was closed by its close authority: the token no longer exists',
            before: before.mintAuthority ?? null,
            after: null,
          },
        ];
  const alerts: MintAlert[] = [];
  const decimals = Number(after.decimals ?? before.decimals ?? 0);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key] ?? null;
    const a = after[key] ?? null;
    if (b === a || key === 'decimals') continue;
    if (key === 'mintAuthority')
      alerts.push({
        key,
        kind: 'solana-authority-changed',
        words: authorityWords('mint authority', b, a, 'no more tokens can be minted'),
        before: b,
        after: a,
      });
    else if (key === 'freezeAuthority')
      alerts.push({
        key,
        kind: 'solana-authority-changed',
        words: authorityWords('freeze authority', b, a, 'no token account can be frozen any more'),
        before: b,
        after: a,
      });
    else if (key === 'supply' && b !== null && a !== null) {
      const grew = BigInt(a) > BigInt(b);
      alerts.push({
        key,
        kind: 'supply-changed',
        words: `supply ${tokenAmount(b, decimals)} → ${tokenAmount(a, decimals)}${percentChange(BigInt(b), BigInt(a))}: tokens were ${grew ? 'minted' : 'burned'}`,
        before: b,
        after: a,
      });
    } else if (key.startsWith('ext:')) {
      const name = key.slice(4);
      const words =
        b === null
          ? `Token-2022 extension ${name} added`
          : a === null
            ? `Token-2022 extension ${name} removed`
            : extensionWords(name, b, a);
      alerts.push({ key, kind: 'solana-extension-changed', words, before: b, after: a });
    }
  }
  return alerts;
}
