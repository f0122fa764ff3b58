/**
 * What a sample token's owner can do to its holders, done for real on the devnet (issue
 * 32, item 6): `scopeward devnet act TOKEN ACTION` and the loopback JSON-RPC method
 * `scopeward_act` send the owner's transaction, so a watch on the token has something to
 * report. Each action is an ordinary transaction from the deployer (the owner of every
 * sample token) and is mined at once.
 */
import { encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import { DEVNET_ACCOUNTS } from './accounts.ts';
import type { Eip1193Provider } from './edr-provider.ts';
import type { DevnetContracts } from './deploy-devnet.ts';
import type { SampleBehaviour, SampleToken } from './sample-tokens.ts';
import { AppError } from '../errors/app-error.ts';

export const OWNER_ACTIONS = ['raise-fee', 'blacklist', 'whitelist', 'mint', 'renounce', 'upgrade', 'pull-liquidity'] as const;
export type OwnerAction = (typeof OWNER_ACTIONS)[number];

/** The actions each sample token's code allows its owner (pull-liquidity: every token, its pool is the owner's). */
/**
 * The actions each sample token's code allows its owner. pull-liquidity (every token: half
 * its pool's LP tokens are the owner's) comes first, as a blacklisted pool could not pay out.
 */
export const ACTIONS_BY_BEHAVIOUR: Readonly<Record<SampleBehaviour, readonly OwnerAction[]>> = {
  plain: ['pull-liquidity', 'renounce'],
  fee: ['pull-liquidity', 'raise-fee'],
  honeypot: ['pull-liquidity', 'whitelist'],
  blacklist: ['pull-liquidity', 'blacklist'],
  mint: ['pull-liquidity', 'mint'],
  renounced: ['pull-liquidity'], // renounced at deploy: its owner can do nothing more
  proxy: ['pull-liquidity', 'upgrade'],
  unverified: ['pull-liquidity', 'mint', 'blacklist'],
};

/** A token or action the devnet does not have: the caller's mistake, answered with the choices. */
export class OwnerActionError extends AppError {
  override readonly name = 'OwnerActionError';
  constructor(message: string) {
    super(400, message);
  }
}

export interface OwnerActionResult {
  readonly token: string;
  readonly action: OwnerAction;
  /** What was done, in words. */
  readonly description: string;
  readonly transactionHash: Hex;
  readonly blockNumber: number;
}

export interface OwnerActionDevnet {
  readonly provider: Eip1193Provider;
  readonly tokens: readonly SampleToken[];
  readonly contracts: DevnetContracts;
}

const ABI = parseAbi([
  'function setFees(uint256 newFeeBps)',
  'function blacklist(address account, bool value)',
  'function setBots(address[] accounts, bool value)',
  'function setWhitelisted(address account, bool allowed)',
  'function mint(address to, uint256 amount)',
  'function transferOwnership(address newOwner)',
  'function upgradeTo(address implementation)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
  'function getPair(address a, address b) view returns (address)',
  'function removeLiquidityETHSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256)',
]);

const IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

/** The sample token a name stands for: its address, symbol or behaviour (any case). */
export function findSampleToken(tokens: readonly SampleToken[], ref: string): SampleToken {
  const wanted = ref.trim().toLowerCase();
  const token = tokens.find((t) => t.address.toLowerCase() === wanted || t.symbol.toLowerCase() === wanted || t.behaviour === wanted);
  if (!token)
    throw new OwnerActionError(`No sample token ${ref}: use a symbol, behaviour or address of ${tokens.map((t) => t.symbol).join(', ')}`);
  return token;
}

/**
 * @param account who `blacklist` and `whitelist` name: by default the token's pool for
 *   `blacklist` (no holder can sell any more: the verdict changes) and the holder alice for `whitelist`.
 */
export async function actOnToken(
  devnet: OwnerActionDevnet,
  tokenRef: string,
  actionName: string,
  account?: string,
): Promise<OwnerActionResult> {
  const token = findSampleToken(devnet.tokens, tokenRef);
  const allowed = ACTIONS_BY_BEHAVIOUR[token.behaviour];
  const action = OWNER_ACTIONS.find((a) => a === actionName.trim().toLowerCase());
  if (!action || !allowed.includes(action))
    throw new OwnerActionError(`${token.symbol} (${token.behaviour}) has no owner action ${actionName}: it has ${allowed.join(', ')}`);
  const provider = devnet.provider;
  const owner = DEVNET_ACCOUNTS.deployer.address;
  if (account !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(account)) throw new OwnerActionError(`${account} is not an address`);
  const send = async (to: Address | undefined, data: Hex): Promise<{ hash: Hex; blockNumber: number; contractAddress: Address | null }> => {
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: owner, ...(to ? { to } : {}), data, gas: '0x1c9c380' }],
    })) as Hex;
    const receipt = (await provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
      status: Hex;
      blockNumber: Hex;
      contractAddress: Address | null;
    } | null;
    if (!receipt || receipt.status !== '0x1') throw new OwnerActionError(`the owner's transaction ${hash} reverted`);
    return { hash, blockNumber: Number(BigInt(receipt.blockNumber)), contractAddress: receipt.contractAddress };
  };
  const read = async (to: Address, data: Hex) =>
    BigInt((await provider.request({ method: 'eth_call', params: [{ to, data }, 'latest'] })) as Hex);
  const call = (functionName: string, args: readonly unknown[]) =>
    send(token.address, encodeFunctionData({ abi: ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
  const pairOf = async () => {
    const { factory, weth } = devnet.contracts;
    const word = await read(factory, encodeFunctionData({ abi: ABI, functionName: 'getPair', args: [token.address, weth] }));
    return `0x${word.toString(16).padStart(40, '0')}` as Address;
  };
  const done = (description: string, tx: { hash: Hex; blockNumber: number }): OwnerActionResult => ({
    token: token.address,
    action,
    description,
    transactionHash: tx.hash,
    blockNumber: tx.blockNumber,
  });

  switch (action) {
    case 'raise-fee':
      // The fee token caps its fee at 25 %.
      return done('the owner raised the fee to 25 % (setFees(2500))', await call('setFees', [2500n]));
    case 'blacklist': {
      const target = (account ?? (await pairOf())) as Address;
      const who = account === undefined ? `its pool ${target}: no holder can sell` : target;
      return token.behaviour === 'unverified'
        ? done(`the owner blacklisted ${who} (setBots([${target}], true))`, await call('setBots', [[target], true]))
        : done(`the owner blacklisted ${who} (blacklist(${target}, true))`, await call('blacklist', [target, true]));
    }
    case 'whitelist': {
      const target = (account ?? DEVNET_ACCOUNTS.alice.address) as Address;
      return done(`the owner whitelisted ${target} (setWhitelisted(${target}, true))`, await call('setWhitelisted', [target, true]));
    }
    case 'mint':
      return done(
        'the owner minted 1,000,000 new tokens to itself (mint(owner, 1000000))',
        await call('mint', [owner, 1_000_000n * 10n ** 18n]),
      );
    case 'renounce':
      return done(
        'the owner renounced ownership (transferOwnership(0x0))',
        await call('transferOwnership', ['0x0000000000000000000000000000000000000000']),
      );
    case 'upgrade': {
      // A new implementation: a copy of the current one's code at a new address.
      const current = `0x${((await provider.request({ method: 'eth_getStorageAt', params: [token.address, IMPLEMENTATION_SLOT, 'latest'] })) as string).slice(-40)}`;
      const code = ((await provider.request({ method: 'eth_getCode', params: [current, 'latest'] })) as Hex).slice(2);
      const length = (code.length / 2).toString(16).padStart(4, '0');
      // PUSH2 len, DUP1, PUSH1 12, PUSH1 0, CODECOPY, PUSH1 0, RETURN: returns the code after these 12 bytes.
      const deployed = await send(undefined, `0x61${length}80600c6000396000f3${code}`);
      const upgraded = await call('upgradeTo', [deployed.contractAddress]);
      return done(`the admin upgraded the proxy to a new implementation ${deployed.contractAddress} (upgradeTo)`, upgraded);
    }
    case 'pull-liquidity': {
      const { router } = devnet.contracts;
      const pair = await pairOf();
      const lp = await read(pair, encodeFunctionData({ abi: ABI, functionName: 'balanceOf', args: [owner] }));
      if (lp === 0n) throw new OwnerActionError(`the owner holds no LP tokens of ${token.symbol}'s pool any more`);
      await send(pair, encodeFunctionData({ abi: ABI, functionName: 'approve', args: [router, lp] }));
      const tx = await send(
        router,
        encodeFunctionData({
          abi: ABI,
          functionName: 'removeLiquidityETHSupportingFeeOnTransferTokens',
          args: [token.address, lp, 0n, 0n, owner, 2n ** 40n],
        }),
      );
      return done(`the owner removed its liquidity from the pool (${lp} LP tokens)`, tx);
    }
  }
}

/** The JSON-RPC method that does an owner action: params [token, action] or [token, action, account]. */
export const OWNER_ACTION_METHOD = 'scopeward_act';

interface RpcItem {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

/**
 * Answers `scopeward_act` items of a JSON-RPC payload (object or batch) and passes the rest
 * on. The devnet's RPC policy has already let only privileged callers (the service itself, a
 * loopback client, an admin key) send it: it is not a read.
 */
export async function handleOwnerActions(
  devnet: OwnerActionDevnet,
  payload: unknown,
  next: (payload: unknown) => Promise<unknown>,
): Promise<unknown> {
  const isAct = (item: unknown) => (item as RpcItem | null)?.method === OWNER_ACTION_METHOD;
  const answer = async (item: RpcItem) => {
    const params = Array.isArray(item.params) ? item.params : [];
    try {
      if (typeof params[0] !== 'string' || typeof params[1] !== 'string' || (params[2] !== undefined && typeof params[2] !== 'string'))
        throw new OwnerActionError('scopeward_act takes [token, action] or [token, action, account]');
      return {
        jsonrpc: '2.0',
        id: item.id ?? null,
        result: await actOnToken(devnet, params[0], params[1], params[2] as string | undefined),
      };
    } catch (error) {
      return {
        jsonrpc: '2.0',
        id: item.id ?? null,
        error: { code: -32602, message: error instanceof Error ? error.message : String(error) },
      };
    }
  };
  if (!Array.isArray(payload)) return isAct(payload) ? answer(payload as RpcItem) : next(payload);
  if (!payload.some(isAct)) return next(payload);
  // In order: an action may change what a later read of the same batch sees.
  const answers: unknown[] = [];
  for (const item of payload) answers.push(isAct(item) ? await answer(item as RpcItem) : await next(item));
  return answers;
}
