/**
 * The networks table: every chain the interface names, once.
 *
 * Which operation accepts which network comes from the spec's three lists (operation 1:
 * 27 networks; operation 3: those plus 7 more and SOL; operation 2: its own 70-entry
 * list). Chain details (wrapped native token, DEXes, explorers, RPCs) live in
 * `chainDetails` beside each entry so the readers find everything about a network here.
 */

export const OPERATIONS = ['audits', 'cyberscan', 'score', 'legacy'] as const;
export type Operation = (typeof OPERATIONS)[number];

export type NetworkFamily = 'evm' | 'solana';

export interface Network {
  /** Network symbol as the spec writes it, e.g. `BSC`. */
  readonly symbol: string;
  /** EVM chain id; null for Solana. */
  readonly chainId: number | null;
  readonly family: NetworkFamily;
  readonly name: string;
  readonly testnet: boolean;
  /** The operations whose network list names this network. */
  readonly operations: readonly Operation[];
}

/** The local devnet: accepted by every operation while it runs (see docs/decisions/0010-networks.md). */
export const LOCAL_NETWORK: Network = {
  symbol: 'LOCAL',
  chainId: 31337,
  family: 'evm',
  name: 'scopeward devnet',
  testnet: true,
  operations: ['audits', 'cyberscan', 'score', 'legacy'],
};

type Row = readonly [symbol: string, chainId: number | null, name: string, testnet: boolean, operations: readonly Operation[]];

const A: readonly Operation[] = ['audits', 'cyberscan', 'legacy'];
const AS: readonly Operation[] = ['audits', 'cyberscan', 'legacy', 'score'];
const C: readonly Operation[] = ['cyberscan', 'legacy'];
const CS: readonly Operation[] = ['cyberscan', 'legacy', 'score'];
const S: readonly Operation[] = ['score'];

// Order: operation 1's list as the spec gives it, then operation 3's additions, then SOL,
// then the networks only the score operation lists.
const ROWS: readonly Row[] = [
  ['ETH', 1, 'Ethereum', false, AS],
  ['BSC', 56, 'BNB Smart Chain', false, AS],
  ['MATIC', 137, 'Polygon', false, AS],
  ['AVAX', 43114, 'Avalanche C-Chain', false, AS],
  ['ARBITRUM', 42161, 'Arbitrum One', false, AS],
  ['BLAST', 81457, 'Blast', false, AS],
  ['DOGE', 2000, 'Dogechain', false, A],
  ['CRO', 25, 'Cronos', false, A],
  ['BASE', 8453, 'Base', false, AS],
  ['ONE', 1666600000, 'Harmony', false, A],
  ['FTM', 250, 'Fantom', false, A],
  ['KCC', 321, 'KCC', false, A],
  ['KLAY', 8217, 'Kaia', false, A],
  ['TELOS', 40, 'Telos EVM', false, A],
  ['MOVR', 1285, 'Moonriver', false, AS],
  ['GLMR', 1284, 'Moonbeam', false, AS],
  ['CELO', 42220, 'Celo', false, AS],
  ['VLX', 106, 'Velas', false, A],
  ['ETC', 61, 'Ethereum Classic', false, A],
  ['OPTIMISM', 10, 'OP Mainnet', false, AS],
  ['XDAI', 100, 'Gnosis', false, AS],
  ['LOOP', 15551, 'LoopNetwork', false, A],
  ['ZKSYNC', 324, 'zkSync Era', false, A],
  ['ROSE', 42262, 'Oasis Emerald', false, A],
  ['GOERLI', 5, 'Goerli', true, A],
  ['BSC_TESTNET', 97, 'BNB Smart Chain Testnet', true, AS],
  ['POLYGON_MUMBAI', 80001, 'Polygon Mumbai', true, A],
  ['LINEA', 59144, 'Linea', false, CS],
  ['SCROLL', 534352, 'Scroll', false, CS],
  ['TAIKO', 167000, 'Taiko', false, CS],
  ['OP_BNB', 204, 'opBNB', false, CS],
  ['MANTLE', 5000, 'Mantle', false, CS],
  ['CORE', 1116, 'Core', false, C],
  ['FUSE', 122, 'Fuse', false, C],
  ['SOL', null, 'Solana', false, C],
  ['SEPOLIA', 11155111, 'Sepolia', true, S],
  ['HOODI', 560048, 'Hoodi', true, S],
  ['AMOY_TESTNET', 80002, 'Polygon Amoy', true, S],
  ['BASE_SEPOLIA', 84532, 'Base Sepolia', true, S],
  ['ARBITRUM_SEPOLIA', 421614, 'Arbitrum Sepolia', true, S],
  ['LINEA_SEPOLIA', 59141, 'Linea Sepolia', true, S],
  // The spec prints only "1.69E+08"; 168587773 is Blast Sepolia's registered chain id,
  // which rounds to it (docs/decisions/0010-networks.md).
  ['BLAST_SEPOLIA', 168587773, 'Blast Sepolia', true, S],
  ['OPTIMISM_SEPOLIA', 11155420, 'OP Sepolia', true, S],
  ['AVAX_FUJI', 43113, 'Avalanche Fuji', true, S],
  ['BTTC', 199, 'BitTorrent Chain', false, S],
  ['BTTC_TEST', 1029, 'BitTorrent Chain Testnet', true, S],
  ['CELO_SEPOLIA', 11142220, 'Celo Sepolia', true, S],
  ['FRAX', 252, 'Fraxtal', false, S],
  ['FRAX_HOODI', 2523, 'Fraxtal Hoodi', true, S],
  ['MANTLE_SEPOLIA', 5003, 'Mantle Sepolia', true, S],
  ['MEMECORE', 4352, 'MemeCore', false, S],
  ['MEMECORE_TESTNET', 43521, 'MemeCore Testnet', true, S],
  ['MOONBASE', 1287, 'Moonbase Alpha', true, S],
  ['OP_BNB_TESTNET', 5611, 'opBNB Testnet', true, S],
  ['SCROLL_TESTNET', 534351, 'Scroll Sepolia', true, S],
  ['TAIKO_HOODI', 167013, 'Taiko Hoodi', true, S],
  ['XDC', 50, 'XDC Network', false, S],
  ['XDC_APOTHEM', 51, 'XDC Apothem', true, S],
  ['APE', 33139, 'ApeChain', false, S],
  ['APE_TESTNET', 33111, 'ApeChain Curtis', true, S],
  ['WORLD', 480, 'World Chain', false, S],
  ['WORLD_SEPOLIA', 4801, 'World Chain Sepolia', true, S],
  ['SONIC', 146, 'Sonic', false, S],
  ['SONIC_TESTNET', 14601, 'Sonic Testnet', true, S],
  ['UNI', 130, 'Unichain', false, S],
  ['UNI_TESTNET', 1301, 'Unichain Sepolia', true, S],
  ['ABS', 2741, 'Abstract', false, S],
  ['ABS_SEPOLIA', 11124, 'Abstract Sepolia', true, S],
  ['BERA', 80094, 'Berachain', false, S],
  ['BERA_TESTNET', 80069, 'Berachain Bepolia', true, S],
  ['SWELL', 1923, 'Swellchain', false, S],
  ['SWELL_TESTNET', 1924, 'Swellchain Testnet', true, S],
  ['MONAD', 143, 'Monad', false, S],
  ['MONAD_TESTNET', 10143, 'Monad Testnet', true, S],
  ['HYPER_EVM', 999, 'HyperEVM', false, S],
  ['KATANA', 747474, 'Katana', false, S],
  ['KATANA_BOKUTO', 737373, 'Katana Bokuto', true, S],
  ['SEI', 1329, 'Sei', false, S],
  ['SEI_TESTNET', 1328, 'Sei Testnet', true, S],
  ['STABLE', 988, 'Stable', false, S],
  ['STABLE_TESTNET', 2201, 'Stable Testnet', true, S],
  ['PLASMA', 9745, 'Plasma', false, S],
  ['PLASMA_TESTNET', 9746, 'Plasma Testnet', true, S],
  ['MEGAETH', 4326, 'MegaETH', false, S],
  ['MEGAETH_TEST', 6342, 'MegaETH Testnet', true, S],
];

export const NETWORKS: readonly Network[] = ROWS.map(([symbol, chainId, name, testnet, operations]) => ({
  symbol,
  chainId,
  family: chainId === null ? 'solana' : 'evm',
  name,
  testnet,
  operations,
}));

/**
 * Symbols the score operation's examples use although its list does not name them.
 * We accept them as aliases of the listed networks (docs/decisions/0053-operation-2-score.md).
 */
export const SCORE_SYMBOL_ALIASES: Readonly<Record<string, string>> = { BNB: 'BSC', POL: 'MATIC', ARB: 'ARBITRUM' };

const bySymbol = new Map(NETWORKS.map((n) => [n.symbol, n]));

export function networkBySymbol(symbol: string): Network | undefined {
  return symbol === LOCAL_NETWORK.symbol ? LOCAL_NETWORK : bySymbol.get(symbol);
}

export function networkByChainId(chainId: number): Network | undefined {
  if (chainId === LOCAL_NETWORK.chainId) return LOCAL_NETWORK;
  return NETWORKS.find((n) => n.chainId === chainId);
}

export interface NetworkOptions {
  /** Whether the embedded devnet runs, which makes `LOCAL` / 31337 acceptable. */
  readonly devnet: boolean;
}

/** The networks one operation accepts, in the spec's order (LOCAL last when the devnet runs). */
export function networksFor(operation: Operation, options: NetworkOptions): readonly Network[] {
  const listed = NETWORKS.filter((n) => n.operations.includes(operation));
  return options.devnet ? [...listed, LOCAL_NETWORK] : listed;
}

/** Looks a symbol up in one operation's list; undefined when that operation does not accept it. */
export function findNetworkForOperation(operation: Operation, symbol: string, options: NetworkOptions): Network | undefined {
  const network = networkBySymbol(symbol);
  if (!network || !network.operations.includes(operation)) return undefined;
  if (network === LOCAL_NETWORK && !options.devnet) return undefined;
  return network;
}

/** Looks a chain id up in one operation's list. */
export function findChainIdForOperation(operation: Operation, chainId: number, options: NetworkOptions): Network | undefined {
  const network = networkByChainId(chainId);
  if (!network || !network.operations.includes(operation)) return undefined;
  if (network === LOCAL_NETWORK && !options.devnet) return undefined;
  return network;
}

export type NetworkChoice = { readonly network: Network } | { readonly invalid: 'network' | 'chainId' };

/**
 * An operation's network from a symbol and/or a chain id (an operation may take either):
 * each must be on the operation's list, both given must name the same network, neither
 * gives the default. `chainId` is the already-parsed number, or `null` when it was given
 * but is not a number at all. Symbols are matched case-insensitively.
 */
export function chooseNetworkFrom(
  operation: Operation,
  raw: { readonly network?: unknown; readonly chainId?: unknown },
  from: 'body' | 'query',
  defaultSymbol: string,
  options: NetworkOptions,
): NetworkChoice {
  const symbol = raw.network === null ? undefined : raw.network;
  return chooseNetwork(operation, { symbol, chainId: parseChainId(raw.chainId, from) }, defaultSymbol, options);
}

const CHAIN_ID_TEXT = /^[1-9][0-9]{0,15}$/;

/**
 * The one reading of a `chainId` input for every route: in a JSON body a positive
 * integer number (text is refused: `"56"` is not a chain id), in a query string its
 * decimal digits. Absent or JSON null: undefined; anything else: null (given, invalid).
 */
export function parseChainId(raw: unknown, from: 'body' | 'query'): number | null | undefined {
  if (raw === undefined || (from === 'body' && raw === null)) return undefined;
  if (from === 'body') return typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  return typeof raw === 'string' && CHAIN_ID_TEXT.test(raw) ? Number(raw) : null;
}

/** Chooses the network of a request from its `network` and `chainId` inputs (see chooseNetworkFrom). */
export function chooseNetwork(
  operation: Operation,
  input: { readonly symbol: unknown; readonly chainId: number | null | undefined },
  defaultSymbol: string,
  options: NetworkOptions,
): NetworkChoice {
  let byChainId: Network | undefined;
  if (input.chainId !== undefined) {
    byChainId = input.chainId === null ? undefined : findChainIdForOperation(operation, input.chainId, options);
    if (!byChainId) return { invalid: 'chainId' };
  }
  let bySymbol: Network | undefined;
  if (input.symbol !== undefined) {
    bySymbol =
      typeof input.symbol === 'string' ? findNetworkForOperation(operation, input.symbol.trim().toUpperCase(), options) : undefined;
    if (!bySymbol) return { invalid: 'network' };
  }
  if (byChainId && bySymbol && byChainId !== bySymbol) return { invalid: 'network' };
  const network = byChainId ?? bySymbol ?? findNetworkForOperation(operation, defaultSymbol, options);
  return network ? { network } : { invalid: 'network' };
}
