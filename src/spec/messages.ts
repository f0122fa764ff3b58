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
  // --- issue 16: the details page's chat (not fixed by the spec; docs/decisions.md) ---
  chat: {
    scanNotFound: 'Scan not found',
    questionRequired: 'Question is required',
    questionTooLong: 'Question is too long (at most 2000 characters)',
    dailyMessages: 'Daily chat message limit reached; it resets at 00:00 UTC',
    loginRequired: 'Log in or send an API key of your account',
    modelTimeout: 'The language model did not answer in time',
    modelRateLimited: 'The language model is rate-limiting requests; try again shortly',
    modelError: 'The language model returned an error',
    modelDisconnected: 'The connection to the language model was cut',
    modelUnreachable: 'The language model cannot be reached',
  },
  // --- end issue 16 ---
} as const;
