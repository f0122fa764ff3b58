/**
 * `scopeward simulate <address> [--network SYMBOL] --json`: the honeypot and tax check
 * (buy, transfer, sell on a fork) with the evidence of each step. On `LOCAL` without
 * RPC_URL_LOCAL it starts the devnet in process. `--source FILE…` simulates a token from
 * its source instead (compiled and deployed on a fresh in-process chain).
 */
import type { Command } from 'commander';
import type { SimulationResult } from '../../simulate/simulation-types.ts';
import { CliError, readError } from '../cli-error.ts';

interface SimulateOptions {
  network?: string;
  rpcUrl?: string;
  source?: string[];
  contract?: string;
  timeout?: string;
  json?: boolean;
}

const jsonReplacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export function register(program: Command): void {
  program
    .command('simulate [address]')
    .description('simulate buy, transfer and sell of a token on a fork: taxes, gas, honeypot error and the evidence of each step')
    .option('--network <symbol>', 'network symbol (default LOCAL, the embedded devnet)')
    .option('--rpc-url <url>', 'JSON-RPC endpoint to fork (default RPC_URL_<SYMBOL> or the public one)')
    .option('--source <files...>', 'simulate from Solidity source files instead of an address')
    .option('--contract <name>', 'with --source: the contract to deploy')
    .option('--timeout <ms>', 'wall-clock cap of the simulation in milliseconds', '5000')
    .option('--json', 'machine-readable output')
    .action(async (address: string | undefined, options: SimulateOptions) => {
      const timeoutMs = Number(options.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new CliError(`invalid --timeout: ${options.timeout}`);
      let result: SimulationResult;
      if (options.source) {
        const { readFileSync } = await import('node:fs');
        const { basename } = await import('node:path');
        const { simulateSource } = await import('../../simulate/simulate-source.ts');
        const sources = Object.fromEntries(
          options.source.map((file) => {
            try {
              return [basename(file), readFileSync(file, 'utf8')];
            } catch (error) {
              throw readError(file, error);
            }
          }),
        );
        result = await simulateSource(sources, { timeoutMs, ...(options.contract ? { contractName: options.contract } : {}) });
      } else {
        if (!address) throw new CliError('give a token address, or --source files');
        const { isAddress } = await import('viem');
        if (!isAddress(address, { strict: false }))
          throw new CliError(`not an address: "${address}" (expected 0x and 40 hexadecimal digits)`);
        result = await simulateAddress(address, (options.network ?? 'LOCAL').toUpperCase(), options.rpcUrl, timeoutMs);
      }
      // An address that is not a token is bad input, reported after the evidence.
      const notAToken = result.taxes.error === 'INVALID_TOKEN_ADDRESS';
      if (notAToken) process.exitCode = 2;
      if (options.json) {
        process.stdout.write(`${JSON.stringify(result, jsonReplacer)}\n`);
        if (notAToken) process.stderr.write(`scopeward: ${address ?? 'the source'} is not a token: ${result.reason}\n`);
        return;
      }
      const t = result.taxes;
      const pct = (v: unknown) => (v === null ? 'n/a' : `${String(v)}%`);
      process.stdout.write(`buy tax ${pct(t.buyTax)}  sell tax ${pct(t.sellTax)}  transfer tax ${pct(t.transferTax)}\n`);
      process.stdout.write(`gas: buy ${String(t.buyGas)}  sell ${String(t.sellGas)}  transfer ${String(t.transferGas)}\n`);
      process.stdout.write(`error: ${String(t.error) || '(none)'}${result.reason ? `  (${result.reason})` : ''}\n`);
      for (const step of result.evidence) {
        process.stdout.write(
          `  ${step.ok ? 'ok  ' : 'FAIL'} ${step.step.padEnd(17)} ${step.description}${step.reason ? ` — ${step.reason}` : ''}\n`,
        );
      }
      if (notAToken) process.stderr.write(`scopeward: ${address ?? 'the source'} is not a token: ${result.reason}\n`);
    });
}

async function simulateAddress(address: string, network: string, rpcUrl: string | undefined, timeoutMs: number) {
  const { simulateToken } = await import('../../simulate/simulate-token.ts');
  const { rpcUrlFor } = await import('../../chain/chain-details.ts');
  const { networkBySymbol } = await import('../../chain/networks.ts');
  if (!networkBySymbol(network)) throw new CliError(`unknown network: ${network}`);
  const url = rpcUrl ?? (network === 'LOCAL' ? process.env.RPC_URL_LOCAL : rpcUrlFor(network, process.env));
  if (url) return simulateToken({ network, token: address, rpc: { url }, timeoutMs });
  if (network !== 'LOCAL') throw new CliError(`no RPC URL for ${network}: set RPC_URL_${network} or pass --rpc-url`);
  const { startDevnet } = await import('../../devnet/devnet.ts');
  const devnet = await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' });
  try {
    return await simulateToken({ network, token: address, rpc: { provider: devnet.provider }, timeoutMs });
  } finally {
    await devnet.close();
  }
}
