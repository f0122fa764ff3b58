/** Hashes of a canonical text signature: the 32-byte keccak (event topic) and its 4-byte prefix (selector). */
import { keccak256, stringToBytes, type Hex } from 'viem';

export interface SignatureHashes {
  /** keccak256 of the text: an event's topic 0, 32 bytes. */
  readonly topic: Hex;
  /** First 4 bytes: a function's or error's selector. */
  readonly selector: Hex;
}

export function signatureHashes(text: string): SignatureHashes {
  const topic = keccak256(stringToBytes(text));
  return { topic, selector: topic.slice(0, 10) as Hex };
}
