/**
 * Chain details per network: wrapped native token, reference stablecoins, known DEXes
 * (V2 and V3 factories and routers), lock contracts, explorers and public RPC URLs.
 *
 * Public RPC URLs, explorer hosts and Multicall3 deployments come from viem's chain
 * definitions (maintained upstream, matched by chain id); tokens, DEXes and lockers are
 * listed here for the networks where their addresses are well established. A network
 * without an entry has none: readers then find no pools there rather than wrong ones.
 * The devnet (`LOCAL`) entries are the addresses it deploys (a test checks them).
 */
import * as viemChains from 'viem/chains';
import { LOCAL_NETWORK, NETWORKS } from './networks.ts';
import { parseExplorerUrl } from './explorer-urls.ts';

export interface TokenRef {
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
}

export interface DexRef {
  readonly name: string;
  /** An icon for the dashboard: the DEX's own favicon URL (empty on the devnet). */
  readonly icon: string;
  readonly version: 'v2' | 'v3';
  readonly factory: string;
  readonly router: string;
  /** V3 fee tiers to probe (hundredths of a basis point); empty for V2. */
  readonly feeTiers: readonly number[];
}

/** The three lock providers whose contracts the lockers reader understands. */
export const LOCK_PROVIDERS = ['pinklock', 'unicrypt', 'teamfinance'] as const;
export type LockProvider = (typeof LOCK_PROVIDERS)[number];

export interface LockerRef {
  readonly provider: LockProvider;
  readonly address: string;
}

export interface ChainDetails {
  readonly symbol: string;
  readonly chainId: number | null;
  readonly nativeSymbol: string;
  readonly wrappedNative: TokenRef | null;
  readonly stablecoins: readonly TokenRef[];
  readonly dexes: readonly DexRef[];
  readonly lockers: readonly LockerRef[];
  /** Explorer home page, its hosts (for parsing contract URLs) and its contract API. */
  readonly explorer: { readonly url: string | null; readonly hosts: readonly string[]; readonly apiUrl: string | null };
  readonly rpcUrls: readonly string[];
  readonly multicall3: string | null;
}

const UNISWAP_ICON = 'https://app.uniswap.org/favicon.png';
const PANCAKE_ICON = 'https://pancakeswap.finance/favicon.ico';
const SUSHI_ICON = 'https://www.sushi.com/favicon.ico';
const UNI_V3_FEES = [100, 500, 3000, 10000] as const;
const PANCAKE_V3_FEES = [100, 500, 2500, 10000] as const;

const uniswapV3 = (factory: string, router: string): DexRef => ({
  name: 'Uniswap V3',
  icon: UNISWAP_ICON,
  version: 'v3',
  factory,
  router,
  feeTiers: UNI_V3_FEES,
});
const v2 = (name: string, icon: string, factory: string, router: string): DexRef => ({
  name,
  icon,
  version: 'v2',
  factory,
  router,
  feeTiers: [],
});
const SUSHI_V2_ALT = v2(
  'SushiSwap',
  SUSHI_ICON,
  '0xc35DADB65012eC5796536bD9864eD8773aBc74C4',
  '0x1b02dA8Cb0d097eB8D57A175b88c7D8b47997506',
);
const UNI_V3_CANONICAL = uniswapV3('0x1F98431c8aD98523631AE4a59f267346ea31F984', '0xE592427A0AEce92DE3Edee1F18E0157C05861564');

const t = (address: string, symbol: string, decimals: number): TokenRef => ({ address, symbol, decimals });

interface Curated {
  readonly wrappedNative?: TokenRef;
  readonly stablecoins?: readonly TokenRef[];
  readonly dexes?: readonly DexRef[];
  readonly lockers?: readonly LockerRef[];
  readonly rpcUrls?: readonly string[];
  readonly explorer?: ChainDetails['explorer'];
}

const CURATED: Readonly<Record<string, Curated>> = {
  ETH: {
    wrappedNative: t('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', 18),
    stablecoins: [
      t('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', 6),
      t('0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', 6),
      t('0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', 18),
    ],
    dexes: [
      v2('Uniswap V2', UNISWAP_ICON, '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f', '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'),
      UNI_V3_CANONICAL,
      v2('SushiSwap', SUSHI_ICON, '0xC0AEe478e3658e2610c5F7A4A2E1777cE9e4f2Ac', '0xd9e1cE17f2641f24aE83637ab66a2cca9C378B9F'),
    ],
    lockers: [
      { provider: 'pinklock', address: '0x71B5759d73262FBb223956913ecF4ecC51057641' },
      { provider: 'unicrypt', address: '0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214' },
      { provider: 'teamfinance', address: '0xE2fE530C047f2d85298b07D9333C05737f1435fB' },
    ],
  },
  BSC: {
    wrappedNative: t('0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 'WBNB', 18),
    stablecoins: [
      t('0x55d398326f99059fF775485246999027B3197955', 'USDT', 18),
      t('0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 'USDC', 18),
      t('0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56', 'BUSD', 18),
    ],
    dexes: [
      v2('PancakeSwap V2', PANCAKE_ICON, '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73', '0x10ED43C718714eb63d5aA57B78B54704E256024E'),
      {
        name: 'PancakeSwap V3',
        icon: PANCAKE_ICON,
        version: 'v3',
        factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
        router: '0x1b81D678ffb9C0263b24A97847620C99d213eB14',
        feeTiers: PANCAKE_V3_FEES,
      },
    ],
    lockers: [{ provider: 'pinklock', address: '0x407993575c91ce7643a4d4cCACc9A98c36eE1BBE' }],
  },
  MATIC: {
    wrappedNative: t('0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 'WPOL', 18),
    stablecoins: [
      t('0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 'USDC', 6),
      t('0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 'USDC.e', 6),
      t('0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 'USDT', 6),
    ],
    dexes: [
      v2(
        'QuickSwap',
        'https://quickswap.exchange/favicon.ico',
        '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32',
        '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff',
      ),
      UNI_V3_CANONICAL,
      SUSHI_V2_ALT,
    ],
  },
  ARBITRUM: {
    wrappedNative: t('0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 'WETH', 18),
    stablecoins: [t('0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 'USDC', 6), t('0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 'USDT', 6)],
    dexes: [UNI_V3_CANONICAL, SUSHI_V2_ALT],
  },
  OPTIMISM: {
    wrappedNative: t('0x4200000000000000000000000000000000000006', 'WETH', 18),
    stablecoins: [t('0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 'USDC', 6), t('0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 'USDT', 6)],
    dexes: [UNI_V3_CANONICAL],
  },
  BASE: {
    wrappedNative: t('0x4200000000000000000000000000000000000006', 'WETH', 18),
    stablecoins: [t('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 'USDC', 6)],
    dexes: [
      v2('Uniswap V2', UNISWAP_ICON, '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6', '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'),
      uniswapV3('0x33128a8fC17869897dcE68Ed026d694621f6FDfD', '0x2626664c2603336E57B271c5C0b26F421741e481'),
    ],
  },
  AVAX: {
    wrappedNative: t('0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', 'WAVAX', 18),
    stablecoins: [t('0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'USDC', 6), t('0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', 'USDT', 6)],
    dexes: [
      v2(
        'Trader Joe',
        'https://lfj.gg/favicon.ico',
        '0x9Ad6C38BE94206cA50bb0d90783181662f0Cfa10',
        '0x60aE616a2155Ee3d9A68541Ba4544862310933d4',
      ),
    ],
  },
  FTM: {
    wrappedNative: t('0x21be370D5312f44cB42ce377BC9b8a0cEF1A4C83', 'WFTM', 18),
    stablecoins: [t('0x04068DA6C83AFCFA0e13ba15A6696662335D5B75', 'USDC', 6)],
    dexes: [
      v2(
        'SpookySwap',
        'https://spooky.fi/favicon.ico',
        '0x152eE697f2E276fA89E96742e9bB9aB1F2E61bE3',
        '0xF491e7B69E4244ad4002BC14e878a34207E38c29',
      ),
    ],
  },
  CRO: {
    wrappedNative: t('0x5C7F8A570d578ED84E63fdFA7b1eE72dEae1AE23', 'WCRO', 18),
    stablecoins: [t('0xc21223249CA28397B4B6541dfFaEcC539BfF0c59', 'USDC', 6)],
    dexes: [
      v2(
        'VVS Finance',
        'https://vvs.finance/favicon.ico',
        '0x3B44B2a187a7b3824131F8db5a74194D0a42Fc15',
        '0x145863Eb42Cf62847A6Ca784e6416C1682b1b2Ae',
      ),
    ],
  },
  XDAI: {
    wrappedNative: t('0xe91D153E0b41518A2Ce8Dd3D7944Fa863463a97d', 'WXDAI', 18),
    stablecoins: [t('0xDDAfbb505ad214D7b80b1f830fcCc89B60fb7A83', 'USDC', 6)],
    dexes: [SUSHI_V2_ALT],
  },
  BLAST: {
    wrappedNative: t('0x4300000000000000000000000000000000000004', 'WETH', 18),
    stablecoins: [t('0x4300000000000000000000000000000000000003', 'USDB', 18)],
  },
  LINEA: {
    wrappedNative: t('0xe5D7C2a44FfDDf6b295A15c148167daaAf5Cf34f', 'WETH', 18),
    stablecoins: [t('0x176211869cA2b568f2A7D4EE941E073a821EE1ff', 'USDC', 6)],
  },
  SCROLL: {
    wrappedNative: t('0x5300000000000000000000000000000000000004', 'WETH', 18),
    stablecoins: [t('0x06eFdBFf2a14a7c8E15944D1F4A48F9F95F663A4', 'USDC', 6)],
  },
  ZKSYNC: { wrappedNative: t('0x5AEa5775959fBC2557Cc8789bC1bf90A239D9a91', 'WETH', 18) },
  MANTLE: { wrappedNative: t('0x78c1b0C915c4FAA5FffA6CAbf0219DA63d7f4cb8', 'WMNT', 18) },
  OP_BNB: { wrappedNative: t('0x4200000000000000000000000000000000000006', 'WBNB', 18) },
  UNI: { wrappedNative: t('0x4200000000000000000000000000000000000006', 'WETH', 18) },
  WORLD: { wrappedNative: t('0x4200000000000000000000000000000000000006', 'WETH', 18) },
  SONIC: { wrappedNative: t('0x039e2fB66102314Ce7b64Ce5Ce3E5183bc94aD38', 'wS', 18) },
  // viem has no definition of Oasis Emerald.
  ROSE: {
    rpcUrls: ['https://emerald.oasis.io'],
    explorer: {
      url: 'https://explorer.oasis.io/mainnet/emerald',
      hosts: ['explorer.oasis.io', 'explorer.emerald.oasis.dev'],
      apiUrl: null,
    },
  },
  // The devnet's own deployments (deterministic; checked by src/devnet/devnet.test.ts).
  LOCAL: {
    wrappedNative: t('0xbfd8F7DD6fAE7AA629863B0feF243f0cdc06D5d1', 'WETH', 18),
    stablecoins: [t('0xddE7Bab9cD9B0B08424c4E76a803d9E298D540dC', 'USDC', 6)],
    dexes: [v2('Uniswap V2 (devnet)', '', '0x0A067526B685d11755ad91Ba82d290A955d9a986', '0x0b897d3caE36c5614aA237f55Ffd9A76A17A3e9c')],
    lockers: [
      { provider: 'pinklock', address: '0x303149E0C0947D4075C9bBed778de6dc6Dfd13a6' },
      { provider: 'unicrypt', address: '0x61414d9Cb064a29f917bC533ae2585144980a611' },
      { provider: 'teamfinance', address: '0x1c9F04020847DC0c58d138d69a4101c8C56ED01e' },
    ],
    rpcUrls: ['http://127.0.0.1:8545'],
    explorer: { url: null, hosts: [], apiUrl: null },
  },
};

/** Multicall3 of the devnet (the only network whose Multicall3 is not the canonical deployment or viem's). */
const LOCAL_MULTICALL = '0x3633Cbff78A089c2e53c14fF95bA9878588C96ec';

interface ViemChainLike {
  id: number;
  nativeCurrency?: { symbol: string };
  rpcUrls?: { default?: { http?: readonly string[] } };
  blockExplorers?: { default?: { url: string; apiUrl?: string } };
  contracts?: { multicall3?: { address: string } };
}

const viemById = new Map<number, ViemChainLike>();
for (const chain of Object.values(viemChains) as unknown[]) {
  const c = chain as ViemChainLike;
  if (c && typeof c === 'object' && typeof c.id === 'number' && !viemById.has(c.id)) viemById.set(c.id, c);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function build(symbol: string, chainId: number | null): ChainDetails {
  const curated = CURATED[symbol] ?? {};
  const chain = chainId === null || symbol === LOCAL_NETWORK.symbol ? undefined : viemById.get(chainId);
  const explorerUrl = chain?.blockExplorers?.default?.url?.replace(/\/$/, '') ?? null;
  const explorerHost = explorerUrl ? hostOf(explorerUrl) : null;
  return {
    symbol,
    chainId,
    nativeSymbol: chain?.nativeCurrency?.symbol ?? (symbol === 'SOL' ? 'SOL' : 'ETH'),
    wrappedNative: curated.wrappedNative ?? null,
    stablecoins: curated.stablecoins ?? [],
    dexes: curated.dexes ?? [],
    lockers: curated.lockers ?? [],
    explorer: curated.explorer ?? {
      url: explorerUrl,
      hosts: explorerHost ? [explorerHost, ...(explorerHost.startsWith('www.') ? [] : [`www.${explorerHost}`])] : [],
      apiUrl: chain?.blockExplorers?.default?.apiUrl ?? null,
    },
    rpcUrls: curated.rpcUrls ?? chain?.rpcUrls?.default?.http ?? [],
    multicall3: symbol === LOCAL_NETWORK.symbol ? LOCAL_MULTICALL : (chain?.contracts?.multicall3?.address ?? null),
  };
}

const DETAILS = new Map<string, ChainDetails>([...NETWORKS, LOCAL_NETWORK].map((n) => [n.symbol, build(n.symbol, n.chainId)]));

/** Chain details of a network symbol; undefined for an unknown symbol. */
export function chainDetails(symbol: string): ChainDetails | undefined {
  return DETAILS.get(symbol);
}

/** The JSON-RPC URL of a network: `RPC_URL_<SYMBOL>` when set, else the first public default. */
export function rpcUrlFor(symbol: string, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const override = env[`RPC_URL_${symbol}`];
  if (override && override.trim() !== '') return override.trim();
  return DETAILS.get(symbol)?.rpcUrls[0];
}

export interface ParsedContractUrl {
  readonly network: string;
  readonly address: string;
}

const hostIndex = new Map<string, string>();
for (const d of DETAILS.values()) for (const host of d.explorer.hosts) if (!hostIndex.has(host)) hostIndex.set(host, d.symbol);

/**
 * Parses an explorer URL of a contract or token page (`/address/0x…`, `/token/0x…`,
 * `/contract/0x…`, also with a trailing `#code` or query) into network and address.
 * Returns null when the host is not a known explorer or the path names no address.
 */
export function parseContractUrl(url: string): ParsedContractUrl | null {
  // One parser for the command line and the dashboard (explorer-urls.ts); this index adds
  // the hosts of networks outside the scan operation's list.
  const parsed = parseExplorerUrl(url, hostIndex);
  return parsed.ok ? { network: parsed.network, address: parsed.address } : null;
}

/** Every network's chain details, in the networks table's order. */
export function allChainDetails(): readonly ChainDetails[] {
  return [...DETAILS.values()];
}
