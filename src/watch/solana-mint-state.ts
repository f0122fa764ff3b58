/**
 * The watched state of a Solana mint: its mint and freeze authorities and the state of each
 * Token-2022 extension, from one `getMultipleAccounts` answer. Extensions are kept as JSON
 * text key by key, so a change names the extension that changed.
 */
import { decodeMintAccount, type MintExtensions } from '../solana/mint-facts.ts';
import type { SolanaBaseline } from './watch-repository.ts';

interface AccountInfo {
  readonly data: readonly [string, string] | readonly string[];
  readonly owner: string;
}

const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** The mint's state, or a reason it has none (no account, not a mint). */
export function mintState(address: string, account: AccountInfo | null): SolanaBaseline | string {
  if (!account) return 'no account at this address';
  try {
    const facts = decodeMintAccount(address, account.owner, Buffer.from(account.data[0] ?? '', 'base64'));
    const extensions: Record<string, string> = {};
    for (const [name, value] of Object.entries(facts.extensions) as [keyof MintExtensions, unknown][])
      if (value !== null) extensions[name] = json(value);
    return { mintAuthority: facts.mintAuthority, freezeAuthority: facts.freezeAuthority, extensions };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface SolanaChange {
  readonly kind: 'solana-authority-changed' | 'solana-extension-changed';
  readonly key: string;
  readonly summary: string;
  readonly before: string | null;
  readonly after: string | null;
}

const who = (authority: string | null) => authority ?? 'nobody';

/** What differs between two states of a mint, in words. */
export function mintChanges(before: SolanaBaseline, after: SolanaBaseline): SolanaChange[] {
  const changes: SolanaChange[] = [];
  const authority = (key: 'mintAuthority' | 'freezeAuthority', words: string, power: string) => {
    const b = before[key];
    const a = after[key];
    if (b === a) return;
    const what = a === null ? `${words} renounced` : b === null ? `${words} reclaimed` : `${words} changed`;
    changes.push({
      kind: 'solana-authority-changed',
      key,
      summary: `${what}: ${who(b)} → ${who(a)}${a === null ? '' : ` (${power})`}`,
      before: b,
      after: a,
    });
  };
  authority('mintAuthority', 'mint authority', 'it can create new tokens');
  authority('freezeAuthority', 'freeze authority', "it can freeze a holder's tokens");
  for (const name of new Set([...Object.keys(before.extensions), ...Object.keys(after.extensions)])) {
    const b = before.extensions[name] ?? null;
    const a = after.extensions[name] ?? null;
    if (b === a) continue;
    changes.push({
      kind: 'solana-extension-changed',
      key: `extension:${name}`,
      summary: `Token-2022 extension ${name}: ${b ?? 'absent'} → ${a ?? 'absent'}`,
      before: b,
      after: a,
    });
  }
  return changes;
}
