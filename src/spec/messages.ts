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
   * Issue 15 (dashboard scans, pages): the scan form's messages. Not fixed by the spec
   * except the ZIP one, which words its user-interface item 3; chosen in docs/decisions.md.
   */
  dashboardScan: {
    urlRequired: 'Paste the link of a contract or token page from a block explorer',
    urlNotALink:
      'That is not a link: paste an explorer link such as https://etherscan.io/token/0x… or https://bscscan.com/address/0x…#code',
    urlUnknownHost: (host: string) =>
      `${host} is not an explorer we read: paste a link from a supported network's explorer (etherscan.io, bscscan.com, polygonscan.com, basescan.org, arbiscan.io and the others of the network list), in the form …/token/0x… or …/address/0x…`,
    urlUnknownPath: 'This link names no contract: use a token or contract page, in the form …/token/0x… or …/address/0x…#code',
    networkRequired: 'Choose a network',
    addressRequired: 'Enter the token address',
    evmAddress: 'An address on this network is 0x followed by 40 hexadecimal characters',
    solanaAddress: 'A Solana address is 32 to 44 base58 characters (no 0, O, I or l)',
    filesRequired: 'Choose one or more .sol files',
    notSol: (name: string) => `${name} is not a Solidity file: choose only .sol files (or a ZIP of them)`,
    tooManyFiles: (max: number) => `Choose at most ${max} files at once, or upload them as one ZIP`,
    fileTooLarge: (name: string, maxBytes: string) => `${name} is larger than ${maxBytes}, the most one source file may be`,
    filesTooLarge: (maxBytes: string) => `Together the files are larger than ${maxBytes}: upload fewer at a time`,
    emptyFile: (name: string) => `${name} is empty`,
    zipRequired: 'Choose a ZIP archive of your .sol files',
    notZip: (name: string) => `${name} is not a ZIP archive (.zip)`,
    zipTooLarge: (maxBytes: string) => `The archive is larger than ${maxBytes}, the most an upload may be`,
    /** User-interface item 3: an archive without a .sol file. */
    zipWithoutSol: 'No .sol file in the archive: upload only the relevant .sol files; other file types are ignored',
    repositoryRequired: 'Paste the link of a GitHub or GitLab repository',
    repositoryUnknownHost: (host: string) =>
      `${host} is not a code host we import from: use a GitHub or GitLab link such as https://github.com/owner/repo or https://gitlab.com/group/project/-/tree/main/contracts`,
    repositoryUnknownPath:
      'This link names no repository: use https://github.com/owner/repo (optionally /tree/branch/folder) or https://gitlab.com/group/project (optionally /-/tree/branch/folder)',
    /** User-interface item 4: private repositories are supported for one code host only. */
    gitlabPrivate: 'Only public GitLab repositories can be imported: make the project public, or upload its .sol files or a ZIP instead',
  },
} as const;
