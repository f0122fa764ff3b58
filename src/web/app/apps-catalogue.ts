/**
 * The Apps of the sidebar (spec: Cyberscan, Safescan, Similarityscan, Signaturescan):
 * what each does and the API behind it. Pages that scan from the dashboard come in
 * later parts; until then each app's page shows this and how to call it.
 */
export interface AppEndpoint {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly what: string;
  /**
   * A runnable example; ORIGIN stands for the service, KEY for the caller's key. KEY sits in
   * double quotes: the page shows it as `$SCOPEWARD_KEY`, which a shell must expand.
   */
  readonly example: string;
}

export interface AppInfo {
  readonly slug: string;
  readonly name: string;
  readonly summary: string;
  readonly details: readonly string[];
  readonly endpoints: readonly AppEndpoint[];
  /** The section of the API documentation (/docs) that describes it. */
  readonly docsTag: string;
  /** Said instead of the API examples when the app has no operation yet. */
  readonly unavailable?: string;
  /** The app's own page in the dashboard, when it has one (the sidebar links there). */
  readonly page?: string;
}

const HONEYPOT = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';

export const APPS: readonly AppInfo[] = [
  {
    slug: 'cyberscan',
    name: 'Cyberscan',
    summary:
      'The full automated audit of a token address: findings with line ranges, six scores, a simulated buy, transfer and sell, pools, holders, locks.',
    details: [
      'Can I sell it? A simulated buy, transfer and sell on a fork measure the taxes and catch honeypots.',
      'What can the owner do? Mint, pause, blacklist, change fees or limits: each power with its lines.',
      'Scores for security, decentralisation, market, community and fundamentals, and a total with its rank.',
    ],
    endpoints: [
      {
        method: 'POST',
        path: '/api/cyberscan',
        what: 'scan an address (5 calls a minute without a key; no limit with one)',
        example: `curl -s -X POST ORIGIN/api/cyberscan -H 'content-type: application/json' -H "x-api-key: KEY" -d '{"address":"${HONEYPOT}","network":"LOCAL"}'`,
      },
    ],
    docsTag: 'scan',
    page: '/scan',
  },
  {
    slug: 'safescan',
    name: 'Safescan',
    summary:
      'Anti-money-laundering screening of a wallet: how active it is on each network, which labelled counterparties it dealt with, and a verdict.',
    details: [
      'Per network: transaction counts, first and latest activity, and activity over time.',
      'Every transaction with a labelled counterparty (exchange hot wallets, bridges, mixers, sanctioned or blacklisted addresses), with its direction.',
      'Blacklisted when the address itself is on a sanctions or blacklist; suspicious when it dealt directly with a sanctioned, mixer, exploit or phishing address.',
    ],
    endpoints: [
      {
        method: 'POST',
        path: '/api/safescan',
        what: 'screen a wallet (10 calls a minute without a key; no limit with one)',
        example: `curl -s -X POST ORIGIN/api/safescan -H 'content-type: application/json' -H "x-api-key: KEY" -d '{"address":"0xFF77850745bA0130B36F99a4981F4BfA2535cE33"}'`,
      },
    ],
    docsTag: 'safescan',
  },
  {
    slug: 'similarityscan',
    name: 'Similarityscan',
    summary: 'Which well-known sources a contract copies: the closest origins with scores and the matched line ranges.',
    details: [
      'Send Solidity source or a verified address; the answer names the templates it was copied from.',
      'Operators can add known scam templates to the reference corpus.',
    ],
    endpoints: [
      {
        method: 'POST',
        path: '/api/search/similarity',
        what: 'what a source (or a verified address) is a copy of',
        example: `curl -s -X POST ORIGIN/api/search/similarity -H 'content-type: application/json' -H "x-api-key: KEY" -d '{"type":"address","address":"${HONEYPOT}","network":"LOCAL"}'`,
      },
    ],
    docsTag: 'similarity',
  },
  {
    slug: 'signaturescan',
    name: 'Signaturescan',
    summary: 'Look up a function, event or error signature: text to selector, or a 4-byte selector or 32-byte topic back to text.',
    details: ['Selector collisions return every matching signature, with how many known contracts declare each.'],
    endpoints: [
      {
        method: 'POST',
        path: '/api/signaturescan',
        what: 'a text signature, a selector or a topic',
        example: `curl -s -X POST ORIGIN/api/signaturescan -H 'content-type: application/json' -H "x-api-key: KEY" -d '{"q":"0x70a08231"}'`,
      },
    ],
    docsTag: 'signatures',
  },
];

/** The shell variable the examples read the caller's key from. */
export const KEY_VARIABLE = 'SCOPEWARD_KEY';

/** An endpoint's example as the page shows it: runs as pasted once the key variable is set. */
export function exampleCommand(endpoint: Pick<AppEndpoint, 'example'>, origin: string): string {
  return endpoint.example.replaceAll('ORIGIN', origin).replaceAll('KEY', `$${KEY_VARIABLE}`);
}
