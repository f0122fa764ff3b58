/**
 * `scopeward verify receipt.json [--rpc URL] [--keys FILE] [--offline]` (issue 33): checks a
 * receipt's signature offline against the issuer's keys, then replays its calls and prints
 * "reproduced" or the first step that differs and how. The keys come from `--keys FILE` (a
 * saved /.well-known/scopeward-keys.json), else from the issuer the receipt names
 * (`<issuer>/.well-known/scopeward-keys.json`, the one network request before the check).
 *
 * Exit codes (src/cli/cli-error.ts): 0 reproduced (or, with --offline, signature valid);
 * 1 the receipt does not hold (signature invalid, unknown or expired key, a step differs);
 * 2 bad input (no such file, not JSON, not a receipt, a bad keys file); 3 it cannot be
 * replayed here (block not available at this RPC, the time cap, keys not reachable).
 */
import type { Command } from 'commander';
import { CliError, EXIT, readError } from '../cli-error.ts';

interface VerifyOptions {
  rpc?: string;
  keys?: string;
  offline?: boolean;
  timeout?: string;
  json?: boolean;
}

async function readJson(file: string, what: string): Promise<unknown> {
  const { readFileSync } = await import('node:fs');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw readError(file, error);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${file} is not JSON (${what}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The issuer's keys document, fetched from the URL the receipt names. */
async function fetchKeys(issuer: unknown): Promise<unknown> {
  if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer))
    throw new CliError(
      'the receipt names no issuer URL to fetch its keys from: pass --keys FILE (a saved /.well-known/scopeward-keys.json)',
    );
  const { KEYS_PATH } = await import('../../receipts/receipt-issuer.ts');
  const url = `${issuer.replace(/\/+$/, '')}${KEYS_PATH}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as unknown;
  } catch (error) {
    throw new CliError(
      `cannot fetch the issuer's keys from ${url}: ${error instanceof Error ? error.message : String(error)}; pass --keys FILE`,
      EXIT.failed,
    );
  }
}

const EXIT_OF: Readonly<Record<string, number>> = {
  reproduced: EXIT.done,
  'signature valid': EXIT.done,
  differs: EXIT.findings,
  'signature invalid': EXIT.findings,
  'unknown key id': EXIT.findings,
  'expired key': EXIT.findings,
  'key retired before the receipt was issued': EXIT.findings,
  'not a receipt': EXIT.badInput,
  'cannot replay': EXIT.failed,
};

export function register(program: Command): void {
  program
    .command('verify <receipt>')
    .description(
      'check a scan receipt: its signature (offline), then a replay of its calls; prints "reproduced" or the first step that differs',
    )
    .option('--rpc <url>', "JSON-RPC node serving the receipt's block (fork receipts); default: the embedded devnet for LOCAL receipts")
    .option(
      '--keys <file>',
      "the issuer's keys document (/.well-known/scopeward-keys.json saved); default: fetched from the receipt's issuer",
    )
    .option('--offline', 'check the signature only, no replay')
    .option('--timeout <ms>', 'wall-clock cap of the replay in milliseconds', '30000')
    .option('--json', 'machine-readable output')
    .action(async (file: string, options: VerifyOptions) => {
      const timeoutMs = Number(options.timeout);
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new CliError(`invalid --timeout: ${options.timeout}`);
      if (options.rpc !== undefined && !/^https?:\/\/\S+$/.test(options.rpc))
        throw new CliError(`invalid --rpc: ${options.rpc} (an http or https URL)`);
      const receipt = await readJson(file, 'a receipt');
      const keys = options.keys
        ? await readJson(options.keys, 'a keys document')
        : await fetchKeys((receipt as { issuer?: unknown } | null)?.issuer);
      const { keysDocumentProblem } = await import('../../receipts/verify-signature.ts');
      const problem = keysDocumentProblem(keys);
      if (problem) throw new CliError(`${options.keys ?? "the issuer's keys"}: ${problem}`);
      const { verifyReceipt } = await import('../../receipts/verify-receipt.ts');
      const { openReplaySource } = await import('../../receipts/replay-source.ts');
      const outcome = await verifyReceipt({
        receipt,
        keys: keys as Parameters<typeof verifyReceipt>[0]['keys'],
        now: new Date(),
        ...(options.offline ? {} : { replay: (r) => openReplaySource(r, { rpcUrl: options.rpc }) }),
        replayOptions: { timeoutMs },
      });
      process.stdout.write(options.json ? `${JSON.stringify(outcome)}\n` : `${outcome.message}\n`);
      process.exitCode = EXIT_OF[outcome.verdict] ?? EXIT.failed;
    });
}
