/**
 * One Solidity text to what similarity needs: its tokens, contracts and winnowed
 * fingerprints with the character span of each fingerprint's k-gram.
 */
import { findContracts, type ContractRegion } from './find-contracts.ts';
import { lexSolidity, type TokenStream } from './lex-solidity.ts';
import { normalizeTokens } from './normalize-tokens.ts';
import { DEFAULT_WINNOW, uniqueSorted, winnow, type WinnowParameters } from './winnow.ts';

export interface SourceFingerprints {
  readonly tokens: TokenStream;
  readonly contracts: readonly ContractRegion[];
  /** Selected hashes in source order. */
  readonly hashes: Uint32Array;
  /** Token index of the first and last token of each fingerprint's k-gram. */
  readonly firstTokens: Uint32Array;
  readonly lastTokens: Uint32Array;
}

export function fingerprintSource(source: string, params: WinnowParameters = DEFAULT_WINNOW): SourceFingerprints {
  const tokens = lexSolidity(source);
  const symbols = normalizeTokens(tokens);
  const { hashes, positions } = winnow(symbols, params);
  const firstTokens = new Uint32Array(hashes.length);
  const lastTokens = new Uint32Array(hashes.length);
  for (let i = 0; i < hashes.length; i += 1) {
    const p = positions[i] ?? 0;
    firstTokens[i] = symbols.tokenIndex[p] ?? 0;
    lastTokens[i] = symbols.tokenIndex[p + params.k - 1] ?? 0;
  }
  return { tokens, contracts: findContracts(tokens), hashes, firstTokens, lastTokens };
}

/**
 * Names the fingerprinting scheme (normalisation rules and winnow parameters). Stored
 * with each corpus document: a change of scheme makes stored fingerprints stale.
 */
export const FINGERPRINT_VERSION = `norm1-k${DEFAULT_WINNOW.k}-w${DEFAULT_WINNOW.w}`;

/** The distinct, sorted fingerprints of a reference document (what the corpus stores). */
export function documentFingerprints(source: string, params: WinnowParameters = DEFAULT_WINNOW): Uint32Array {
  const symbols = normalizeTokens(lexSolidity(source));
  return uniqueSorted(winnow(symbols, params).hashes);
}
