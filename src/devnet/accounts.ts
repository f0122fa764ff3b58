/**
 * The devnet's accounts. Keys are derived from fixed labels so every start deploys the
 * same contracts at the same addresses. They are test keys for a local chain: never fund
 * them anywhere else.
 */
import { keccak256, stringToHex, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';

export const DEVNET_CHAIN_ID = 31337;

/** 2025-01-01T00:00:00Z: the genesis time, fixed so a rebuild is byte-identical. */
export const DEVNET_GENESIS_TIME = 1_735_689_600;

function keyOf(label: string): Hex {
  return keccak256(stringToHex(`scopeward devnet ${label}`));
}

// erin, frank and grace only trade (src/devnet/trading-history.ts) and end holding none of the sample tokens.
export const ACCOUNT_LABELS = ['deployer', 'alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace'] as const;
export type AccountLabel = (typeof ACCOUNT_LABELS)[number];

export interface DevnetAccount {
  readonly label: AccountLabel;
  readonly privateKey: Hex;
  readonly address: Address;
}

export const DEVNET_ACCOUNTS: Readonly<Record<AccountLabel, DevnetAccount>> = Object.fromEntries(
  ACCOUNT_LABELS.map((label) => {
    const privateKey = keyOf(label);
    return [label, { label, privateKey, address: privateKeyToAddress(privateKey) }];
  }),
) as Record<AccountLabel, DevnetAccount>;

export const DEAD_ADDRESS: Address = '0x000000000000000000000000000000000000dEaD';
