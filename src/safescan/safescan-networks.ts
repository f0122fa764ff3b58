/**
 * Which networks Safescan reads and how, from the environment:
 *
 * - SAFESCAN_NETWORKS: comma-separated symbols (default: LOCAL when the devnet runs, plus
 *   ETH, BSC, MATIC, ARBITRUM, BASE and OPTIMISM when an explorer key is set);
 * - EXPLORER_API_KEY (and EXPLORER_API_URL): the multichain explorer API for every
 *   network but LOCAL; without it, JSON-RPC over the newest SAFESCAN_RPC_BLOCKS blocks;
 * - SAFESCAN_TIMEOUT_MS: each network's deadline (default 20,000).
 */
import type { ChainClient } from '../chain/create-chain-client.ts';
import { ConfigError } from '../config.ts';
import { LOCAL_NETWORK, networkBySymbol } from '../chain/networks.ts';
import { chainDetails } from '../chain/chain-details.ts';
import { explorerHistoryReader } from './explorer-history.ts';
import { rpcHistoryReader } from './rpc-history.ts';
import type { SafescanNetwork } from './safescan-service.ts';

export interface SafescanSettings {
  readonly networks: readonly string[];
  readonly explorerApiKey: string | undefined;
  readonly explorerApiUrl: string | undefined;
  readonly rpcBlocks: number;
  readonly timeoutMs: number;
}

const WITH_KEY = ['ETH', 'BSC', 'MATIC', 'ARBITRUM', 'BASE', 'OPTIMISM'];

function whole(env: Readonly<Record<string, string | undefined>>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigError(`${name} must be a whole number ≥ 1, got "${raw}"`);
  return Number(raw);
}

export function safescanSettings(env: Readonly<Record<string, string | undefined>>, devnet: boolean): SafescanSettings {
  const key = env.EXPLORER_API_KEY?.trim() || undefined;
  const listed = env.SAFESCAN_NETWORKS?.trim();
  const networks = listed
    ? listed
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => s !== '')
    : // Without a key a public network is read block by block: too heavy to be a default.
      [...(devnet ? [LOCAL_NETWORK.symbol] : []), ...(key ? WITH_KEY : [])];
  for (const symbol of networks) {
    if (symbol === LOCAL_NETWORK.symbol) {
      if (!devnet) throw new ConfigError('SAFESCAN_NETWORKS names LOCAL but the devnet is off (DEVNET=off)');
      continue;
    }
    const network = networkBySymbol(symbol);
    if (!network || network.family !== 'evm' || network.chainId === null)
      throw new ConfigError(`SAFESCAN_NETWORKS: unknown EVM network "${symbol}"`);
  }
  return {
    networks: [...new Set(networks)],
    explorerApiKey: key,
    explorerApiUrl: env.EXPLORER_API_URL?.trim() || undefined,
    rpcBlocks: whole(env, 'SAFESCAN_RPC_BLOCKS', 2000),
    timeoutMs: whole(env, 'SAFESCAN_TIMEOUT_MS', 20_000),
  };
}

/** The readers of each network: the explorer where a key is set (not the devnet), else JSON-RPC. */
export function safescanNetworks(settings: SafescanSettings, chainClient: (network: string) => ChainClient): SafescanNetwork[] {
  return settings.networks.map((symbol): SafescanNetwork => {
    const explorerUrl = chainDetails(symbol)?.explorer.url ?? undefined;
    const link = explorerUrl ? { explorerUrl } : {};
    const isContract = async (address: string) => {
      const code = await chainClient(symbol).public.getCode({ address: address as `0x${string}` });
      return code !== undefined && code !== '0x';
    };
    if (settings.explorerApiKey && symbol !== LOCAL_NETWORK.symbol) {
      const history = explorerHistoryReader({
        apiKey: settings.explorerApiKey,
        ...(settings.explorerApiUrl ? { apiUrl: settings.explorerApiUrl } : {}),
        network: symbol,
        chainId: networkBySymbol(symbol)!.chainId!,
      });
      return { symbol, history, isContract, ...link };
    }
    return {
      symbol,
      history: (address, signal) => rpcHistoryReader(chainClient(symbol), { blocks: settings.rpcBlocks })(address, signal),
      isContract,
      ...link,
    };
  });
}
