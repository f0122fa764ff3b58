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
  /**
   * Issue 15 (dashboard scans, pages): the scan form's checks in the browser. Where the
   * server (docs/dashboard-scans-api.md) checks the same thing, the words are the same, so
   * a person reads one message whichever side caught it; docs/decisions.md.
   */
  dashboardScan: {
    urlRequired: 'Enter a contract URL',
    urlUnreadable:
      'Not a contract URL we can read. Use an explorer link such as https://etherscan.io/token/0x… or https://bscscan.com/address/0x…#code',
    urlUnknownHost: (host: string) =>
      `${host} is not an explorer we read. Use a token or contract page of a supported network's explorer (etherscan.io, bscscan.com, polygonscan.com, basescan.org, arbiscan.io…), in the form …/token/0x… or …/address/0x…#code`,
    networkRequired: 'Choose a network',
    addressRequired: 'Enter a token address',
    evmAddress: 'Invalid Address: on this network an address is 0x followed by 40 hexadecimal characters',
    solanaAddress: 'Invalid Address: a Solana address is 32 to 44 base58 characters (no 0, O, I or l)',
    filesRequired: 'Choose one or more .sol files',
    notSol: (name: string) => `Only .sol files can be uploaded: ${name} is not one`,
    tooManyFiles: (max: number) => `At most ${max} files can be uploaded at once`,
    fileTooLarge: (name: string, max: string) => `${name} is larger than ${max}`,
    filesTooLarge: (max: string) => `The files exceed ${max} in total`,
    emptyFile: (name: string) => `${name} is empty`,
    zipRequired: 'Choose a .zip archive',
    zipTooLarge: (max: string) => `The archive is larger than ${max}`,
    repositoryUnreadable: 'Enter the URL of a GitHub or GitLab repository, branch or folder',
    repositoryUnknownHost: (hosts: string) => `Only repositories on ${hosts} can be imported`,
  },
} as const;
