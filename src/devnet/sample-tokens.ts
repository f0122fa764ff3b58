/**
 * The sample tokens the devnet deploys, each with one known behaviour. Readers' tests
 * assert these truths; `scopeward devnet --list --json` prints name, symbol, address
 * and behaviour.
 */
import type { Address } from 'viem';

export const SAMPLE_BEHAVIOURS = ['plain', 'fee', 'honeypot', 'blacklist', 'mint', 'renounced', 'proxy', 'unverified'] as const;
export type SampleBehaviour = (typeof SAMPLE_BEHAVIOURS)[number];

export interface SampleToken {
  readonly name: string;
  readonly symbol: string;
  readonly address: Address;
  readonly behaviour: SampleBehaviour;
}

export interface SampleTokenSpec {
  readonly name: string;
  readonly symbol: string;
  readonly behaviour: SampleBehaviour;
  /** The contract deployed at the token's address (the proxy, for `proxy`). */
  readonly contract: string;
  readonly decimals: number;
  /** Initial supply in whole tokens. */
  readonly supply: bigint;
}

export const SAMPLE_TOKEN_SPECS: readonly SampleTokenSpec[] = [
  { name: 'Plain Token', symbol: 'PLAIN', behaviour: 'plain', contract: 'PlainToken', decimals: 18, supply: 1_000_000n },
  { name: 'Fee Token', symbol: 'FEE', behaviour: 'fee', contract: 'FeeToken', decimals: 18, supply: 1_000_000n },
  { name: 'Honeypot Token', symbol: 'HONEY', behaviour: 'honeypot', contract: 'HoneypotToken', decimals: 18, supply: 1_000_000n },
  { name: 'Blacklist Token', symbol: 'BLACK', behaviour: 'blacklist', contract: 'BlacklistToken', decimals: 9, supply: 1_000_000n },
  { name: 'Mint Token', symbol: 'MINT', behaviour: 'mint', contract: 'MintToken', decimals: 18, supply: 1_000_000n },
  { name: 'Renounced Token', symbol: 'RENOUNCE', behaviour: 'renounced', contract: 'RenouncedToken', decimals: 18, supply: 1_000_000n },
  { name: 'Proxy Token', symbol: 'PROXY', behaviour: 'proxy', contract: 'ProxyToken', decimals: 18, supply: 1_000_000n },
  { name: 'Unverified Token', symbol: 'UNVER', behaviour: 'unverified', contract: 'UnverifiedToken', decimals: 18, supply: 1_000_000n },
];
