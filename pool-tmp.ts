import { createAnalysisPool } from './src/scan/analysis-pool/analysis-pool.ts';
async function main() {
  const pool = createAnalysisPool({ threads: 1 });
  const r = await pool.analyze({ 'a.sol': 'pragma solidity ^0.8.0; contract A {}' });
  console.log('ok', Object.keys(r));
  await pool.close();
  console.log('closed');
}
main();
