/**
 * The npm packages whose Solidity sources make the reference corpus: well-known
 * libraries that token and DeFi contracts are copied from. Installed as dependencies
 * (OpenZeppelin majors side by side through npm aliases).
 */

export interface ReferencePackage {
  /** The name it is installed under in node_modules (an alias for older majors). */
  readonly installedAs: string;
  /** `origin` reported in similarity results. */
  readonly origin: string;
  /** Folders under the package root that hold its contracts. */
  readonly dirs: readonly string[];
}

export const REFERENCE_PACKAGES: readonly ReferencePackage[] = [
  { installedAs: '@openzeppelin/contracts', origin: 'openzeppelin', dirs: ['.'] },
  { installedAs: '@openzeppelin/contracts-v4', origin: 'openzeppelin', dirs: ['.'] },
  { installedAs: '@openzeppelin/contracts-v3', origin: 'openzeppelin', dirs: ['.'] },
  { installedAs: '@openzeppelin/contracts-v2', origin: 'openzeppelin', dirs: ['.'] },
  { installedAs: '@uniswap/v2-core', origin: 'uniswap', dirs: ['contracts'] },
  { installedAs: '@uniswap/v2-periphery', origin: 'uniswap', dirs: ['contracts'] },
  { installedAs: '@uniswap/lib', origin: 'uniswap', dirs: ['contracts'] },
  { installedAs: 'solmate', origin: 'solmate', dirs: ['src'] },
  { installedAs: 'solady', origin: 'solady', dirs: ['src'] },
];

/** Tests, mocks and examples are not what contracts are copied from. */
export function isReferenceFile(relativePath: string): boolean {
  if (!relativePath.endsWith('.sol') || relativePath.endsWith('.t.sol')) return false;
  return !/(^|\/)(test|tests|mocks?|examples?)\//i.test(relativePath);
}
