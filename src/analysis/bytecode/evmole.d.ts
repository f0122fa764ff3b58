// evmole's package.json points its "node" export at a .mjs without a type file; its
// types are in dist/evmole.d.ts. This maps the package name to them.
declare module 'evmole' {
  export { contractInfo } from 'evmole/dist/evmole.js';
  export type { Contract, ContractFunction } from 'evmole/dist/evmole.js';
}
