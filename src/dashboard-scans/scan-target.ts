/**
 * The contract a dashboard scan of `kind: url` or `kind: address` names: a network of the
 * cyberscan operation and an address of that network's family. Explorer links of the
 * supported networks resolve through their hosts (src/chain/chain-details.ts); with the
 * devnet on, this service's own origin stands for the devnet's explorer, so a devnet
 * token has an explorer-style link too (docs/decisions/0157-dashboard-scans-the-devnet-s-explorer-link.md, issue 15).
 */
import { parseContractUrl } from '../chain/chain-details.ts';
import { MAX_LINK_CHARS } from '../chain/explorer-urls.ts';
import { isEvmAddress, isSolanaAddress } from '../interface/address.ts';
import { findNetworkForOperation, LOCAL_NETWORK, networksFor, type Network, type NetworkOptions } from '../chain/networks.ts';
import { MESSAGES } from '../interface/messages.ts';
import { ScanInputError } from './scan-input-error.ts';

const M = MESSAGES.dashboardScans;

export interface ContractTarget {
  readonly network: Network;
  readonly address: string;
}

/** The networks the address input offers: the cyberscan operation's (SOL included; LOCAL with the devnet). */
export function addressNetworks(options: NetworkOptions): readonly Network[] {
  return networksFor('cyberscan', options);
}

export function targetFromAddress(network: unknown, address: unknown, options: NetworkOptions): ContractTarget {
  const found = typeof network === 'string' ? findNetworkForOperation('cyberscan', network.trim().toUpperCase(), options) : undefined;
  if (!found) throw new ScanInputError(MESSAGES.cyberscan.invalidNetwork, 'network');
  if (typeof address !== 'string' || address.trim() === '') throw new ScanInputError(M.addressRequired, 'address');
  const trimmed = address.trim();
  const valid = found.family === 'solana' ? isSolanaAddress(trimmed) : isEvmAddress(trimmed);
  if (!valid) throw new ScanInputError(MESSAGES.cyberscan.invalidAddress, 'address');
  return { network: found, address: trimmed };
}

/**
 * @param selfHost this service's host as the request reached it (`host:port`), the
 *   devnet's explorer when the devnet runs.
 */
export function targetFromUrl(url: unknown, options: NetworkOptions, selfHost: string): ContractTarget {
  if (typeof url !== 'string' || url.trim() === '') throw new ScanInputError(M.urlRequired, 'url');
  const text = url.trim();
  if (text.length > MAX_LINK_CHARS) throw new ScanInputError(M.inputTooLong('contract URL', MAX_LINK_CHARS, text.length), 'url');
  const parsed = parseContractUrl(text) ?? devnetUrl(text, options, selfHost);
  if (!parsed) throw new ScanInputError(M.urlUnknown, 'url');
  const network = findNetworkForOperation('cyberscan', parsed.network, options);
  if (!network) throw new ScanInputError(MESSAGES.cyberscan.invalidNetwork, 'url');
  return { network, address: parsed.address };
}

function devnetUrl(text: string, options: NetworkOptions, selfHost: string): { network: string; address: string } | null {
  if (!options.devnet) return null;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  // Compared as URLs do (a default port is dropped): "localhost:80" is "localhost".
  let self: string;
  try {
    self = new URL(`${parsed.protocol}//${selfHost}`).host;
  } catch {
    return null;
  }
  if (parsed.host.toLowerCase() !== self.toLowerCase()) return null;
  const match = /^\/(?:address|token)\/(0x[0-9a-fA-F]{40})\/?$/.exec(parsed.pathname);
  return match?.[1] ? { network: LOCAL_NETWORK.symbol, address: match[1] } : null;
}
