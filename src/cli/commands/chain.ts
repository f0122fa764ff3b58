/**
 * `scopeward chain <address|explorer-url> [--network SYMBOL] --json`: everything the chain
 * readers know about an address. On `LOCAL` without RPC_URL_LOCAL it starts the devnet
 * in-process, so it works offline.
 */
import type { Command } from 'commander';
import { createChainClient } from '../../chain/create-chain-client.ts';
import { createExplorerSourceProvider } from '../../chain/explorer-source-provider.ts';
import { readContractContext } from '../../chain/read-contract-context.ts';
import { createSourcifySourceProvider } from '../../chain/sourcify-source-provider.ts';
import { ChainError } from '../../chain/chain-errors.ts';
import { startDevnet } from '../../devnet/devnet.ts';
import { serveDevnet } from '../../devnet/serve-devnet.ts';
import { parseContractUrl } from '../../chain/chain-details.ts';
import { CliError, EXIT } from '../cli-error.ts';

interface ChainOptions {
  network?: string;
  json?: boolean;
  rpcUrl?: string;
}

const jsonReplacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export function register(program: Command): void {
  program
    .command('chain <address>')
    .description('print what the chain readers know about an address (contract, proxy, pools, holders, lockers, creation, verified source)')
    .option('--network <symbol>', 'network symbol (default LOCAL, the embedded devnet; a contract URL names its own)')
    .option('--rpc-url <url>', 'JSON-RPC endpoint (default RPC_URL_<SYMBOL> or the public one)')
    .option('--json', 'machine-readable output')
    .action(async (input: string, options: ChainOptions) => {
      const fromUrl = /^https?:\/\//.test(input) ? parseContractUrl(input) : null;
      if (/^https?:\/\//.test(input) && !fromUrl) throw new CliError(`not a known explorer contract URL: ${input}`);
      const address = fromUrl?.address ?? input;
      const network = (options.network ?? fromUrl?.network ?? 'LOCAL').toUpperCase();
      const local = network === 'LOCAL' && !options.rpcUrl && !process.env.RPC_URL_LOCAL;
      const devnet = local ? await startDevnet({ dataDir: process.env.DATA_DIR ?? './data' }) : null;
      const server = devnet ? await serveDevnet(devnet, { port: 0 }) : null;
      try {
        const rpcUrl = server?.url ?? options.rpcUrl;
        const client = createChainClient(network, rpcUrl ? { rpcUrl } : {});
        const explorer = createExplorerSourceProvider();
        const sourceProviders = devnet ? [devnet.verifiedSources] : [createSourcifySourceProvider(), explorer];
        const context = await readContractContext(client, { address, network, sourceProviders, ...(devnet ? {} : { explorer }) });
        const { sources: _full, ...printable } = context;
        if (options.json) process.stdout.write(`${JSON.stringify(printable, jsonReplacer)}\n`);
        else process.stdout.write(`${JSON.stringify(printable, jsonReplacer, 2)}\n`);
      } catch (error) {
        if (error instanceof ChainError)
          throw new CliError(
            `${error.kind}: ${error.message}`,
            error.kind === 'invalid-address' || error.kind === 'unknown-network' ? EXIT.badInput : EXIT.failed,
          );
        throw error;
      } finally {
        await server?.close();
        await devnet?.close();
      }
    });
}
