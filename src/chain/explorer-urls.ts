/**
 * Contract URL → network + address: the explorer links a person copies from a block
 * explorer (`…/token/0x…`, `…/address/0x…#code`, with or without `www.`, with a query
 * string or fragment), for the networks the scan operation accepts.
 *
 * Pure and small so the dashboard can check a link in the browser before anything is
 * sent. The hosts are listed here rather than read from viem's chain table (as
 * chain-details does) because that table would add 800 kB to the dashboard; a test holds
 * the two equal, and chain-details parses through this module, so there is one parser.
 */
import { MESSAGES } from '../interface/messages.ts';

/** Explorer hosts per network symbol (without `www.`; the parser accepts it either way). */
export const EXPLORER_HOSTS: Readonly<Record<string, readonly string[]>> = {
  ETH: ['etherscan.io'],
  BSC: ['bscscan.com'],
  MATIC: ['polygonscan.com'],
  AVAX: ['snowtrace.io'],
  ARBITRUM: ['arbiscan.io'],
  BLAST: ['blastscan.io'],
  DOGE: ['explorer.dogechain.dog'],
  CRO: ['explorer.cronos.org'],
  BASE: ['basescan.org'],
  ONE: ['explorer.harmony.one'],
  FTM: ['ftmscan.com'],
  KCC: ['explorer.kcc.io'],
  KLAY: ['kaiascan.io'],
  TELOS: ['teloscan.io'],
  MOVR: ['moonriver.moonscan.io'],
  GLMR: ['moonscan.io'],
  CELO: ['celoscan.io'],
  VLX: ['evmexplorer.velas.com'],
  ETC: ['blockscout.com'],
  OPTIMISM: ['optimistic.etherscan.io'],
  XDAI: ['gnosisscan.io'],
  LOOP: ['explorer.mainnetloop.com'],
  ZKSYNC: ['explorer.zksync.io'],
  ROSE: ['explorer.oasis.io', 'explorer.emerald.oasis.dev'],
  GOERLI: ['goerli.etherscan.io'],
  BSC_TESTNET: ['testnet.bscscan.com'],
  POLYGON_MUMBAI: ['mumbai.polygonscan.com'],
  LINEA: ['lineascan.build'],
  SCROLL: ['scrollscan.com'],
  TAIKO: ['taikoscan.io'],
  OP_BNB: ['opbnb.bscscan.com'],
  MANTLE: ['mantlescan.xyz'],
  CORE: ['scan.coredao.org'],
  FUSE: ['explorer.fuse.io'],
};

export type ExplorerUrlResult =
  { readonly ok: true; readonly network: string; readonly address: string } | { readonly ok: false; readonly message: string };

/** host (lower case, no `www.`) → network symbol. */
export type ExplorerHostIndex = ReadonlyMap<string, string>;

function bareHost(host: string): string {
  const lower = host.toLowerCase().replace(/\.$/, '');
  return lower.startsWith('www.') ? lower.slice(4) : lower;
}

export function explorerHostIndex(hosts: Readonly<Record<string, readonly string[]>> = EXPLORER_HOSTS): Map<string, string> {
  const index = new Map<string, string>();
  for (const [network, list] of Object.entries(hosts))
    for (const host of list) if (!index.has(bareHost(host))) index.set(bareHost(host), network);
  return index;
}

const DEFAULT_INDEX = explorerHostIndex();

// The page kinds explorers use for a contract; an explorer may put a prefix before them
// (Blockscout's `/etc/mainnet/address/…`).
const CONTRACT_PATH = /\/(?:address|token|contract|contracts|tokens)\/(0x[0-9a-fA-F]{40})(?:\/|$)/;

/**
 * Parses an explorer link. `extra` adds hosts (the dashboard adds its own origin as the
 * devnet's explorer). The link is never fetched: only its host and path are read.
 */
/** The longest link or address the scan form takes (browsers and explorers keep links far shorter). */
export const MAX_LINK_CHARS = 2048;

/**
 * The host as the person typed it, for messages: `new URL` would show its encoding
 * (`xn--…` for a name in another script, `%20` for a space), which they never wrote.
 */
export function typedHost(text: string): string {
  const rest = text.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authority = rest.split(/[/?#\\]/, 1)[0] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host.length > 80 ? `${host.slice(0, 77)}…` : host;
}

export function parseExplorerUrl(input: string, extra: ExplorerHostIndex = new Map()): ExplorerUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: MESSAGES.dashboardScans.urlRequired };
  if (text.length > MAX_LINK_CHARS)
    return { ok: false, message: MESSAGES.dashboardScans.inputTooLong('contract URL', MAX_LINK_CHARS, text.length) };
  let url: URL;
  try {
    // A link pasted without its scheme ("bscscan.com/token/0x…") is still a link.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: MESSAGES.dashboardScans.urlUnknown };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: MESSAGES.dashboardScans.urlUnknown };
  const host = bareHost(url.host);
  const hostname = bareHost(url.hostname);
  const network = extra.get(host) ?? extra.get(hostname) ?? DEFAULT_INDEX.get(hostname);
  if (!network) return { ok: false, message: MESSAGES.dashboardScanForm.urlUnknownHost(typedHost(text) || url.hostname) };
  const match = CONTRACT_PATH.exec(url.pathname);
  if (!match?.[1]) return { ok: false, message: MESSAGES.dashboardScans.urlUnknown };
  return { ok: true, network, address: match[1] };
}
