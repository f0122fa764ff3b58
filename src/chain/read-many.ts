/**
 * Many read-only calls in one round trip: one Multicall3 `aggregate3` eth_call where the
 * network has Multicall3, else plain eth_calls sent together (the HTTP transport batches
 * them). Each call may fail on its own without failing the others.
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import type { ChainClient } from './create-chain-client.ts';
import { toChainError } from './chain-errors.ts';

export interface RawCall {
  readonly target: string;
  readonly callData: Hex;
}

export interface RawResult {
  readonly success: boolean;
  readonly returnData: Hex;
}

const multicallAbi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

/** Runs raw calls at one block (latest by default); never throws for a failing call, only for RPC failure. */
export async function readMany(
  client: ChainClient,
  calls: readonly RawCall[],
  options: { blockNumber?: bigint } = {},
): Promise<RawResult[]> {
  if (calls.length === 0) return [];
  const block = options.blockNumber !== undefined ? { blockNumber: options.blockNumber } : {};
  const multicall = client.details.multicall3;
  try {
    if (multicall) {
      const data = encodeFunctionData({
        abi: multicallAbi,
        functionName: 'aggregate3',
        args: [calls.map((c) => ({ target: c.target as Address, allowFailure: true, callData: c.callData }))],
      });
      const { data: out } = await client.public.call({ to: multicall as Address, data, ...block });
      if (out && out !== '0x') {
        const decoded = decodeFunctionResult({ abi: multicallAbi, functionName: 'aggregate3', data: out });
        return decoded.map((r) => ({ success: r.success, returnData: r.returnData }));
      }
      // No code at the multicall address (or an empty answer): fall through to plain calls.
    }
    return await Promise.all(
      calls.map(async (c) => {
        try {
          const { data } = await client.public.call({ to: c.target as Address, data: c.callData, ...block });
          return { success: true, returnData: data ?? '0x' };
        } catch (error) {
          const mapped = toChainError(error);
          // A revert is the call's own failure; anything else is the RPC's and must surface.
          if (mapped.kind === 'rpc-error') return { success: false, returnData: '0x' as Hex };
          throw mapped;
        }
      }),
    );
  } catch (error) {
    throw toChainError(error, { network: client.network });
  }
}
