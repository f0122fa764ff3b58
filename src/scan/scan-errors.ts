/** Why a scan could not produce a result; the routes map these to the spec's answers. */

/** The address has no code, or its code is not a token (spec: 400 Invalid Address). */
export class NotATokenError extends Error {
  override readonly name = 'NotATokenError';
}

/** The network's node could not be reached or answered errors: nothing to scan with. */
export class ChainUnavailableError extends Error {
  override readonly name = 'ChainUnavailableError';
}
