/** Revert data in words: Error(string), Panic(uint256), or the custom error's selector. */
import { decodeAbiParameters, type Hex } from 'viem';

const ERROR_STRING = '0x08c379a0';
const PANIC = '0x4e487b71';

/** True when `data` is an ABI-encoded Error(string) or Panic(uint256), as EDR returns from a reverted eth_call. */
export function isRevertData(data: Hex): boolean {
  return (data.startsWith(ERROR_STRING) || data.startsWith(PANIC)) && (data.length - 10) % 64 === 0 && data.length >= 74;
}

export function revertReason(data: Hex | null | undefined): string {
  if (!data || data === '0x') return 'reverted without a reason';
  try {
    if (data.startsWith(ERROR_STRING)) {
      const [message] = decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`);
      return message;
    }
    if (data.startsWith(PANIC)) {
      const [code] = decodeAbiParameters([{ type: 'uint256' }], `0x${data.slice(10)}`);
      return `Panic(0x${code.toString(16)})`;
    }
  } catch {
    // Fall through: malformed encodings are shown raw.
  }
  return `custom error ${data.slice(0, 10)}`;
}
