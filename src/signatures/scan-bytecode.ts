/**
 * What cyberscan needs from an unverified contract's code in one call: selectors
 * (evmole), their text signatures (the signature database) and the capabilities they
 * reveal, as findings marked "from bytecode".
 */
import { classifyBytecodeCapabilities, type BytecodeFinding, type ResolvedSelector } from '../analysis/bytecode/classify-capabilities.ts';
import { analyzeBytecode, type BytecodeAnalysis } from '../analysis/bytecode/extract-selectors.ts';
import type { SignatureDatabase } from './signature-database.ts';

export interface BytecodeScan {
  readonly analysis: BytecodeAnalysis;
  readonly functions: ResolvedSelector[];
  readonly findings: BytecodeFinding[];
}

/**
 * @example
 * const { analysis, findings } = await scanBytecode(signatures, await client.getCode({ address }));
 * if (analysis.proxy?.kind === 'eip1167') scanBytecode(signatures, await client.getCode({ address: analysis.proxy.implementation }));
 *
 * Throws BytecodeError for input that is not runtime bytecode.
 */
export async function scanBytecode(signatures: Pick<SignatureDatabase, 'resolveSelectors'>, bytecodeHex: string): Promise<BytecodeScan> {
  const analysis = analyzeBytecode(bytecodeHex);
  const resolved = await signatures.resolveSelectors(analysis.selectors);
  const functions = analysis.selectors.map((selector) => ({ selector, signatures: resolved.get(selector) ?? [] }));
  return { analysis, functions, findings: classifyBytecodeCapabilities(functions) };
}
