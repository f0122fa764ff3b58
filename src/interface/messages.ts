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
  /** Operation 4's messages are not fixed by the spec; chosen in docs/decisions/0054-operation-4-legacy-scan.md. */
  legacy: {
    invalidType: 'Invalid type: use "address" or "source"',
    sourceRequired: 'Source is required',
  },
  /** Not fixed by the spec; chosen in docs/decisions/. */
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
  // --- Issue 13: the messages of the similarity, signature and admin routes, with the others (not fixed by the spec). ---
  similarity: {
    badType: 'type must be "address" or "source"',
    sourceRequired: 'source is required',
    notVerified: 'Contract source code is not verified',
    noSourceProvider: 'Verified source lookup is not configured',
    corpusUnavailable: 'The reference corpus is not available',
  },
  signaturescan: {
    queryRequired: 'q is required',
    queryNotText: 'q must be a string: a text signature or a 4- or 32-byte hex hash',
  },
  admin: {
    auditBody: 'The body must be a JSON array of audit records or CSV text',
    invalidAuditRecords: 'Invalid audit records, nothing imported',
  },
  // --- end of issue 13 ---
  // --- Issue 15 (dashboard scans, repository import, GitHub Connect) ---
  /** The dashboard's scan inputs; only the ZIP's no-.sol message follows the spec's words (UI item 3). */
  dashboardScans: {
    kindRequired: 'Choose how to give the contract: url, address, files, zip or repository',
    urlRequired: 'Enter a contract URL',
    urlUnknown:
      'Not a contract URL we can read. Use an explorer link such as https://etherscan.io/token/0x… or https://bscscan.com/address/0x…#code',
    addressRequired: 'Enter a token address',
    filesRequired: 'Choose one or more .sol files',
    notSol: (name: string) => `Only .sol files can be uploaded: ${name} is not one`,
    /** The CLI's words (`scopeward scan`) for a .sol upload that declares no contract: not Solidity. */
    notSolidity: (what: string) => `${what}: no Solidity contract, interface or library found`,
    tooManyFiles: (max: number) => `At most ${max} files can be uploaded at once`,
    fileTooLarge: (name: string, mib: number) => `${name} is larger than ${mib} MiB`,
    totalTooLarge: (mib: number) => `The files exceed ${mib} MiB in total`,
    zipRequired: 'Choose a .zip archive',
    zipUnreadable: 'Not a readable ZIP archive',
    zipNoSol: 'Only the relevant .sol files are to be uploaded: the archive holds no .sol file (other file types are ignored)',
    zipTooLarge: (mib: number) => `The archive is larger than ${mib} MiB`,
    zipTooManyEntries: (max: number) => `The archive lists more than ${max} entries`,
    zipUnsafePath: (name: string) => `The archive holds an unsafe path: ${name}`,
    zipBomb: 'The archive inflates too much to be read safely',
    repositoryUrl: 'Enter the URL of a GitHub or GitLab repository, branch or folder',
    /** Issue 29: an oversized paste says the limit, and how much was pasted. */
    inputTooLong: (what: string, max: number, got: number) =>
      `The ${what} is too long: at most ${max.toLocaleString('en-US')} characters, this one has ${got.toLocaleString('en-US')}`,
    bodyTooLarge: (kib: number) => `The request is larger than ${kib} KiB: a link or an address is at most 2,048 characters`,
    repositoryHost: (hosts: string) => `Only repositories on ${hosts} can be imported`,
    gitlabPrivate: 'Only public GitLab repositories can be imported',
    githubConnect: 'This repository is private: press Connect to grant access to it',
    repositoryNotFound: 'Repository not found (or private and not granted)',
    repositoryNoSol: 'The repository holds no .sol file at that branch or folder',
    codeHostDown: (host: string) => `${host} did not answer: try again later`,
    githubNotConfigured: 'GitHub Connect is not configured on this server',
    githubStateInvalid: 'The GitHub sign-in expired or did not start here: press Connect again',
    githubInstallationNotYours: "That GitHub App installation is not one of your GitHub account's",
    githubDisconnected: 'GitHub disconnected',
  },
  /**
   * Issue 15 (dashboard pages): what only the browser's form checks say, more precisely
   * than the server's shared messages in dashboardScans (docs/decisions/0145-issue-15-pages-checks-in-the-browser.md).
   */
  dashboardScanForm: {
    urlUnknownHost: (host: string) =>
      `${host} is not an explorer we read. Use a token or contract page of a supported network's explorer (etherscan.io, bscscan.com, polygonscan.com, basescan.org, arbiscan.io…), in the form …/token/0x… or …/address/0x…#code`,
    networkRequired: 'Choose a network',
    evmAddress: 'Invalid Address: on this network an address is 0x followed by 40 hexadecimal characters',
    solanaAddress: 'Invalid Address: a Solana address is 32 to 44 base58 characters (no 0, O, I or l)',
    emptyFile: (name: string) => `${name} is empty`,
  },
  // --- issue 16: the details page's chat (not fixed by the spec; docs/decisions/0143-issue-16-messages.md) ---
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
  // Issue 17: Safescan (POST /api/safescan). Not fixed by the spec; chosen in docs/decisions/0168-issue-17-messages.md.
  safescan: {
    addressRequired: 'Address is required',
    invalidAddress: 'Invalid Address',
    badChecksum: 'Invalid Address: the mixed-case checksum does not match, check the address or send it in lower case',
    invalidNetwork: 'Invalid Network',
    unavailable: 'No network could be read, try again later',
    noNetworks: 'No network is configured for Safescan: set EXPLORER_API_KEY or SAFESCAN_NETWORKS',
  },
} as const;
