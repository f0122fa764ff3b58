/**
 * `scopeward devnet`: runs the embedded devnet alone on loopback (DEVNET_PORT, 8545), or
 * with `--list` prints its sample tokens and exits. `scopeward devnet act TOKEN ACTION`
 * makes a sample token's owner act on a running devnet (issue 32), over its JSON-RPC; a
 * sample mint of the embedded Solana network (its symbol, behaviour or base58 address, or
 * `--network SOL`) is acted on over /rpc/solana by its authority.
 */
import type { Command } from 'commander';
import { startDevnet } from '../../devnet/devnet.ts';
import { serveDevnet } from '../../devnet/serve-devnet.ts';
import { CliError, EXIT } from '../cli-error.ts';
import { OWNER_ACTION_METHOD, OWNER_ACTIONS, type OwnerActionResult } from '../../devnet/owner-actions.ts';
import { SAMPLE_MINT_SPECS } from '../../solana/devnet/sample-mints.ts';
import { MINT_ACTIONS } from '../../solana/devnet/mint-actions.ts';

interface DevnetOptions {
  list?: boolean;
  json?: boolean;
  port?: string;
  host?: string;
}

export function register(program: Command): void {
  const devnet = program
    .command('devnet')
    .description('run the embedded EVM devnet (chain id 31337) with sample tokens over JSON-RPC on loopback')
    .option('--list', 'print the sample tokens and exit')
    .option('--json', 'machine-readable output')
    .option('--port <port>', 'port to listen on (default: DEVNET_PORT or 8545)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (options: DevnetOptions) => {
      const dataDir = process.env.DATA_DIR ?? './data';
      const devnet = await startDevnet({ dataDir });
      if (options.list) {
        const tokens = devnet.tokens.map(({ name, symbol, address, behaviour }) => ({ name, symbol, address, behaviour }));
        // The embedded Solana network's sample mints (network SOL) follow the EVM tokens.
        const { startSolanaDevnet } = await import('../../solana/devnet/solana-devnet.ts');
        const solana = await startSolanaDevnet();
        const mints = solana.mints.map(({ name, symbol, address, behaviour, codes, description }) => ({
          name,
          symbol,
          address,
          behaviour,
          network: 'SOL',
          codes,
          description,
        }));
        if (options.json) process.stdout.write(`${JSON.stringify([...tokens, ...mints])}\n`);
        else {
          process.stdout.write('network LOCAL (EVM, POST /rpc)\n');
          for (const t of tokens) process.stdout.write(`${t.behaviour.padEnd(11)} ${t.address}  ${t.symbol.padEnd(9)} ${t.name}\n`);
          process.stdout.write('\nnetwork SOL (embedded Solana network, POST /rpc/solana)\n');
          for (const m of mints)
            process.stdout.write(
              `${m.behaviour.padEnd(23)} ${m.address.padEnd(44)}  ${(m.codes.join(',') || '-').padEnd(13)} ${m.description}\n`,
            );
        }
        await solana.close();
        await devnet.close();
        return;
      }
      const port = Number(options.port ?? process.env.DEVNET_PORT ?? 8545);
      if (!Number.isInteger(port) || port < 0 || port > 65_535)
        throw new CliError(`invalid port: ${options.port ?? process.env.DEVNET_PORT}`);
      const mode = process.env.DEVNET_RPC?.trim().toLowerCase() === 'open' ? 'open' : 'local';
      const server = await serveDevnet(devnet, { port, host: options.host ?? '127.0.0.1', mode }).catch((error: unknown) => {
        throw new CliError(
          `cannot listen on ${options.host}:${port}: ${error instanceof Error ? error.message : String(error)}`,
          EXIT.failed,
        );
      });
      const info = {
        url: server.url,
        chainId: devnet.chainId,
        contracts: devnet.contracts,
        tokens: devnet.tokens,
        startup: devnet.startup,
      };
      if (options.json) process.stdout.write(`${JSON.stringify(info)}\n`);
      else {
        process.stdout.write(`devnet (chain id ${devnet.chainId}) listening on ${server.url}\n`);
        for (const [name, address] of Object.entries(devnet.contracts)) process.stdout.write(`  ${name.padEnd(11)} ${address}\n`);
        for (const t of devnet.tokens) process.stdout.write(`  ${t.behaviour.padEnd(11)} ${t.address}  ${t.symbol}\n`);
      }
      const stop = () => {
        void server.close().then(() => devnet.close());
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  registerAct(devnet);
}

interface ActOptions {
  rpc?: string;
  blocks: string;
  json?: boolean;
  network?: string;
}

/** Whether TOKEN names a sample mint of the embedded Solana network rather than an EVM sample token. */
function isSolanaSample(token: string, network: string | undefined): boolean {
  if (network !== undefined) return network.trim().toUpperCase() === 'SOL';
  const name = token.trim().toLowerCase();
  if (SAMPLE_MINT_SPECS.some((m) => m.symbol.toLowerCase() === name || m.behaviour === name)) return true;
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(token.trim());
}

function registerAct(devnet: Command): void {
  devnet
    .command('act <token> <action> [account]')
    .description(
      `make a sample token's owner act on a running devnet: ${OWNER_ACTIONS.join(', ')} (as its code allows); ` +
        `or a sample Solana mint's authority: ${MINT_ACTIONS.join(', ')} (as the authorities it kept allow); ` +
        'TOKEN is a symbol, behaviour or address; ACCOUNT whom blacklist or whitelist names, or who set-*-authority hands the authority to',
    )
    .option('--rpc <url>', "the devnet's JSON-RPC (default: the service's, http://127.0.0.1:PORT/rpc, or /rpc/solana for a Solana mint)")
    .option('--network <network>', 'LOCAL or SOL (default: SOL for a sample mint of the embedded Solana network, else LOCAL)')
    .option(
      '--blocks <n>',
      'empty blocks to mine after it, so a watch sees it confirmed (EVM only: a Solana action is final in its slot)',
      '1',
    )
    .option('--json', 'machine-readable output')
    .action(async (token: string, action: string, account: string | undefined, options: ActOptions) => {
      const solana = isSolanaSample(token, options.network);
      const blocks = solana ? 0 : Number(options.blocks);
      if (!Number.isInteger(blocks) || blocks < 0 || blocks > 100) throw new CliError(`--blocks must be 0 to 100, not ${options.blocks}`);
      const url = options.rpc ?? `http://127.0.0.1:${process.env.PORT?.trim() || '3000'}/rpc${solana ? '/solana' : ''}`;
      const call = async (method: string, params: unknown[]): Promise<unknown> => {
        let response: Response;
        try {
          response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          });
        } catch (error) {
          throw new CliError(
            `the devnet at ${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
            EXIT.failed,
          );
        }
        const answer = (await response.json().catch(() => ({}))) as { result?: unknown; error?: { message?: string }; message?: string };
        if (answer.error) throw new CliError(answer.error.message ?? 'the devnet refused the call');
        if (!response.ok) throw new CliError(`the devnet at ${url} answered HTTP ${response.status}: ${answer.message ?? ''}`, EXIT.failed);
        return answer.result;
      };
      const result = (await call(OWNER_ACTION_METHOD, [token, action, ...(account === undefined ? [] : [account])])) as OwnerActionResult;
      for (let i = 0; i < blocks; i++) await call('evm_mine', []);
      if (options.json) process.stdout.write(`${JSON.stringify(result)}\n`);
      else
        process.stdout.write(
          `${result.description}: transaction ${result.transactionHash} in ${solana ? 'slot' : 'block'} ${result.blockNumber}\n`,
        );
    });
}
