/**
 * Verified source: what a provider (Sourcify, an explorer-family API, the devnet) knows
 * about a contract's published source. Every provider implements `VerifiedSourceProvider`.
 */

export interface VerifiedSource {
  /** Which provider answered: `sourcify`, `explorer`, `devnet`. */
  readonly provider: string;
  readonly network: string;
  readonly address: string;
  readonly contractName: string;
  /** As explorers print it: `v0.8.30+commit.73712a01`. */
  readonly compilerVersion: string;
  readonly optimizer: { readonly enabled: boolean; readonly runs: number };
  readonly evmVersion: string | null;
  /** SPDX identifier or the explorer's license label; empty when none was given. */
  readonly license: string;
  /** Source path -> content. A single-file verification has one entry. */
  readonly sources: Readonly<Record<string, string>>;
  /** The path of the file declaring `contractName`, when known. */
  readonly mainSourcePath: string | null;
  readonly abi: readonly unknown[] | null;
  /** Sourcify's full (metadata hash matches) or partial match; null for other providers. */
  readonly match: 'full' | 'partial' | null;
  /** The compiler settings as the provider gave them (optimizer, evmVersion, remappings, libraries...). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The explorer's own view that the contract is a proxy, and its implementation. */
  readonly proxyImplementation: string | null;
}

export interface VerifiedSourceProvider {
  readonly name: string;
  /** Resolves null when this provider has no verified source for the address. */
  getSource(network: string, address: string): Promise<VerifiedSource | null>;
}

/** A provider failed (network error, rate limit, garbage): not the same as "unverified". */
export class VerifiedSourceError extends Error {
  override readonly name = 'VerifiedSourceError';
  readonly details: Readonly<Record<string, unknown>>;
  constructor(message: string, details: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    this.details = details;
  }
}

/** The SPDX license identifier of a source, or empty. */
export function spdxLicense(source: string): string {
  return /SPDX-License-Identifier:\s*([^\s*]+)/.exec(source)?.[1] ?? '';
}
