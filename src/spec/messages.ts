/**
 * Every error message the interface spec fixes, exactly as it writes them.
 * Nothing else in the code base spells these strings.
 */
export const MESSAGES = {
  audits: {
    invalidApiKey: 'Invalid API_KEY',
    notFound: 'Address not found',
    addressRequired: 'Address is required',
    invalidNetwork: 'Invalid network',
    invalidChainId: 'Invalid chainId',
    invalidAddress: 'invalid address',
    internal: 'Internal server error',
  },
  cyberscan: {
    invalidNetwork: 'Invalid Network',
    invalidAddress: 'Invalid Address',
    invalidApiKey: 'Invalid API_KEY',
    tooManyRequests: 'Too Many Requests',
  },
  score: {
    badRequest: 'Bad Request',
    /** The spec asks for "text stating an invalid key or no key found". */
    missingKey: 'API key not found',
    invalidKey: 'Invalid API key',
  },
  /** Operation 4's messages are not fixed by the spec; chosen in docs/decisions.md. */
  legacy: {
    invalidType: 'Invalid type: use "address" or "source"',
    sourceRequired: 'Source is required',
  },
  /** Not fixed by the spec; chosen in docs/decisions.md. */
  common: {
    tooManyRequests: 'Too Many Requests',
    notFound: 'Not Found',
    internal: 'Internal server error',
    payloadTooLarge: 'Payload Too Large',
    unsupportedMediaType: 'Unsupported Media Type',
    badRequest: 'Bad Request',
    forbidden: 'Forbidden',
    networkUnavailable: 'Network unavailable',
    scanTimeout: 'Scan did not finish in time, try again',
    /** A dependency (Redis, the database) does not answer; `meta` names it. */
    serviceUnavailable: 'Service unavailable',
  },
  // Issue 17: Safescan (POST /api/safescan). Not fixed by the spec; chosen in docs/decisions.md.
  safescan: {
    addressRequired: 'Address is required',
    invalidAddress: 'Invalid Address',
    badChecksum: 'Invalid Address: the mixed-case checksum does not match, check the address or send it in lower case',
    invalidNetwork: 'Invalid Network',
    unavailable: 'No network could be read, try again later',
    noNetworks: 'No network is configured for Safescan: set EXPLORER_API_KEY or SAFESCAN_NETWORKS',
  },
} as const;
