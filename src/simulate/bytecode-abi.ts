/**
 * An ABI and a storage layout read from runtime bytecode (address scans, issue 27): what
 * the exploration needs when no source is known. evmole follows the dispatcher for each
 * selector's argument types and state mutability, and the storage slots the code reads and
 * writes with their types. A selector whose signature is one of the well-known ones below
 * gets its name (the exploration leaves a holder's own functions aside and renounces
 * ownership apart); one the signature database knows (Signaturescan: seeds and every verified
 * source scanned) gets that name and that signature's argument types, so the evidence reads
 * `setBlacklist(holder, true)` rather than `selector_611bfa37(holder, true)`; every other one
 * is named `selector_<hex>` and encoded by its selector.
 */
import { contractInfo } from 'evmole';
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  parseAbiParameters,
  toFunctionSelector,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem';
import type { StorageEntry } from '../compile/compile-solidity.ts';

/** Signatures whose names matter to the exploration (holder functions, ownership) or make its evidence readable. */
const KNOWN = [
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
  'increaseAllowance(address,uint256)',
  'decreaseAllowance(address,uint256)',
  'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  'renounceOwnership()',
  'transferOwnership(address)',
  'owner()',
  'getOwner()',
  'mint(address,uint256)',
  'mint(uint256)',
  'burn(uint256)',
  'burn(address,uint256)',
  'pause()',
  'unpause()',
  'blacklist(address,bool)',
  'setFee(uint256)',
  'setTaxFee(uint256)',
  'setMaxTxAmount(uint256)',
  'openTrading()',
  'enableTrading()',
  'setTrading(bool)',
  'upgradeTo(address)',
  'upgradeToAndCall(address,bytes)',
  'grantRole(bytes32,address)',
  'revokeRole(bytes32,address)',
  'renounceRole(bytes32,address)',
];

const NAMES = new Map(KNOWN.map((s) => [toFunctionSelector(s).slice(2), s.slice(0, s.indexOf('('))]));

const PREFIX = 'selector_';

export interface BytecodeAbi {
  readonly abi: Abi;
  readonly storage: StorageEntry[];
}

/** Candidate text signatures per 0x-prefixed selector, as the signature database resolves them. */
export type SelectorNames = ReadonlyMap<string, readonly string[]>;

/** The selectors of runtime `code` (0x-prefixed), for resolving their names before `abiFromBytecode`. */
export function selectorsOf(code: Hex): string[] {
  if (code === '0x' || code.length < 4) return [];
  try {
    return (contractInfo(code, { selectors: true }).functions ?? []).map((f) => `0x${f.selector}`);
  } catch {
    return [];
  }
}

/**
 * The database's signature for `selector`: the candidate whose argument types are the ones
 * evmole read from the dispatcher, else the only candidate. Every candidate hashes to the
 * selector (checked again here: the database is built from outside text); with several that
 * disagree with the code, none is trusted.
 */
function knownSignature(selector: string, evmoleArguments: string | undefined, names: SelectorNames | undefined): AbiFunction | null {
  const candidates = (names?.get(`0x${selector}`) ?? []).filter((s) => {
    try {
      return toFunctionSelector(s).slice(2) === selector;
    } catch {
      return false;
    }
  });
  const chosen =
    candidates.find((s) => s.slice(s.indexOf('(') + 1, -1) === (evmoleArguments ?? '')) ??
    (candidates.length === 1 ? candidates[0] : undefined);
  if (!chosen) return null;
  try {
    const types = chosen.slice(chosen.indexOf('(') + 1, -1);
    return {
      type: 'function',
      name: chosen.slice(0, chosen.indexOf('(')),
      inputs: types ? ([...parseAbiParameters(types)] as AbiParameter[]) : [],
      outputs: [],
      stateMutability: 'nonpayable',
    };
  } catch {
    return null;
  }
}

/**
 * The ABI (functions with argument types and mutability) and the address-typed storage slots of
 * runtime `code`; `names` (from `selectorsOf` through the signature database) names selectors
 * beyond the well-known list.
 */
export function abiFromBytecode(code: Hex, names?: SelectorNames): BytecodeAbi {
  if (code === '0x' || code.length < 4) return { abi: [], storage: [] };
  let info: ReturnType<typeof contractInfo>;
  try {
    info = contractInfo(code, { selectors: true, arguments: true, stateMutability: true, storage: true });
  } catch {
    return { abi: [], storage: [] };
  }
  const abi: AbiFunction[] = [];
  for (const f of info.functions ?? []) {
    const mutability = f.stateMutability;
    const stateMutability = mutability === 'view' || mutability === 'pure' || mutability === 'payable' ? mutability : 'nonpayable';
    const known = NAMES.has(f.selector) ? null : knownSignature(f.selector, f.arguments, names);
    if (known) {
      abi.push({ ...known, stateMutability });
      continue;
    }
    let inputs: AbiParameter[];
    try {
      inputs = f.arguments ? ([...parseAbiParameters(f.arguments)] as AbiParameter[]) : [];
    } catch {
      continue;
    }
    abi.push({ type: 'function', name: NAMES.get(f.selector) ?? `${PREFIX}${f.selector}`, inputs, outputs: [], stateMutability });
  }
  const storage: StorageEntry[] = [];
  for (const s of info.storage ?? []) {
    if (s.type !== 'address') continue;
    storage.push({
      label: `slot ${BigInt(`0x${s.slot}`)}`,
      contract: '',
      slot: BigInt(`0x${s.slot}`).toString(),
      offset: s.offset,
      type: 't_address',
    });
  }
  return { abi, storage };
}

/** Calldata for `f`: by name and types, or by the selector for a function known only by it. */
export function encodeCall(f: AbiFunction, args: readonly unknown[]): Hex {
  if (f.name.startsWith(PREFIX) && /^[0-9a-f]{8}$/.test(f.name.slice(PREFIX.length)))
    return concat([`0x${f.name.slice(PREFIX.length)}`, encodeAbiParameters(f.inputs, args)]);
  return encodeFunctionData({ abi: [f], functionName: f.name, args });
}
