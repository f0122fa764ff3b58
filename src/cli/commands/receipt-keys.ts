/**
 * `scopeward receipt-keys list|rotate` (issue 33): the instance's receipt signing keys.
 * A rotation retires the active key (it stays published, so receipts it signed still
 * verify) and makes a new one; `--expire-previous` also stops the old key verifying
 * anything from now on (a key thought compromised).
 */
import type { Command } from 'commander';
import { output, withStore } from '../with-store.ts';

async function signer(store: Parameters<Parameters<typeof withStore>[0]>[0]) {
  const { loadConfig } = await import('../../config.ts');
  const { secretBoxFromEnv } = await import('../../codehosts/secret-box.ts');
  const { createReceiptSigner } = await import('../../receipts/receipt-keys.ts');
  const config = loadConfig();
  return createReceiptSigner(store.db, secretBoxFromEnv(config.env.SECRET_KEY, config.dataDir));
}

export function register(program: Command): void {
  const keys = program.command('receipt-keys').description('the Ed25519 keys that sign scan receipts (/.well-known/scopeward-keys.json)');
  keys
    .command('list')
    .description('every key, newest first, with its dates')
    .option('--json', 'machine-readable output')
    .action(async (options: { json?: boolean }) => {
      await withStore(async (store) => {
        const list = await (await signer(store)).keys();
        output(options.json ?? false, list, () =>
          list.length === 0
            ? 'no receipt keys yet (one is made at the first receipt)'
            : list
                .map(
                  (k) =>
                    `${k.keyId}  created ${k.createdAt}${k.retiredAt ? `  retired ${k.retiredAt}` : '  active'}${k.expiresAt ? `  expires ${k.expiresAt}` : ''}`,
                )
                .join('\n'),
        );
      });
    });
  keys
    .command('rotate')
    .description('retire the active key (its receipts still verify) and make a new one')
    .option('--expire-previous', 'the retired key verifies nothing from now on')
    .option('--json', 'machine-readable output')
    .action(async (options: { expirePrevious?: boolean; json?: boolean }) => {
      await withStore(async (store) => {
        const key = await (await signer(store)).rotate({ expirePrevious: options.expirePrevious ?? false });
        output(options.json ?? false, key, () => `new receipt key ${key.keyId}; the previous one is retired`);
      });
    });
}
