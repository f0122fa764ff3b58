/**
 * Bytecode that calls public library functions holds placeholders where the library's
 * address goes (`__$<34 hex>$__` from solc 0.5, `__File.sol:Name____…` before): not hex,
 * so a node refuses the deployment (`invalid value: string "0x60a0…"`). Each placeholder's
 * library is found among the compiled contracts, deployed (its own placeholders first),
 * and its address written in.
 */
import type { Address, Hex } from 'viem';
import type { CompiledContract } from '../compile/compile-solidity.ts';
import { libraryFor, placeholders } from '../compile/library-placeholders.ts';

export { libraryFor, placeholders };

/**
 * Links `bytecode`: deploys each library it needs with `deploy` (null when that failed) and
 * writes the addresses in. Throws when a library is missing or cannot be deployed.
 */
export async function linkLibraries(
  bytecode: Hex,
  contracts: readonly CompiledContract[],
  deploy: (code: Hex) => Promise<Address | null>,
  deployed = new Map<string, Address>(),
  depth = 0,
): Promise<Hex> {
  let linked: string = bytecode;
  for (const p of placeholders(bytecode)) {
    const lib = libraryFor(p, contracts);
    if (!lib || lib.bytecode.length <= 2) throw new Error(`the bytecode needs a library that is not in the sources (${p})`);
    const key = `${lib.file}:${lib.name}`;
    let address = deployed.get(key);
    if (!address) {
      if (depth > 4) throw new Error(`libraries nest too deep at ${lib.name}`);
      const code = await linkLibraries(lib.bytecode, contracts, deploy, deployed, depth + 1);
      const at = await deploy(code);
      if (!at) throw new Error(`deploying the library ${lib.name} failed`);
      address = at;
      deployed.set(key, address);
    }
    linked = linked.split(p).join(address.slice(2).toLowerCase());
  }
  return linked as Hex;
}
