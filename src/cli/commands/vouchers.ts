/** `scopeward vouchers issue|list|revoke`: audit vouchers (value in USDT, 3 months, single use). */
import type { Command } from 'commander';
import { normalizeEmail } from '../../accounts/email-address.ts';
import { CliError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';
import { amountOption, refusalsAsCliErrors, servicesOf } from './services-context.ts';

export function register(program: Command): void {
  const vouchers = program.command('vouchers').description('audit vouchers: issue, list, revoke');

  vouchers
    .command('issue')
    .description('issue a voucher and print its code once; valid 3 months, single use, never below 500 USD')
    .requiredOption('--value <usdt>', 'value in USDT')
    .option('--recipient <email>', 'only this address may use it')
    .option('--note <text>', 'a note for the record', '')
    .option('--json', 'machine-readable output')
    .action(async (o: { value: string; recipient?: string; note: string; json?: boolean }) => {
      const valueCents = amountOption(o.value, '--value');
      let recipient: string | null = null;
      if (o.recipient !== undefined) {
        recipient = normalizeEmail(o.recipient) ?? null;
        if (!recipient) throw new CliError(`--recipient must be an e-mail address, got "${o.recipient}"`);
      }
      const issued = await withStore((store) => servicesOf(store).vouchers.issue({ valueCents, recipient, note: o.note, actor: 'cli' }));
      output(o.json === true, issued, () =>
        [
          issued.code,
          '',
          `${issued.voucher.valueUsdt} USDT${recipient ? ` for ${recipient}` : ''}, valid until ${issued.voucher.expiresAt} (UTC)`,
          'Give this code to its holder now: only its hash is stored.',
        ].join('\n'),
      );
    });

  vouchers
    .command('list')
    .description('list vouchers with their state (valid, redeemed, revoked, expired)')
    .option('--json', 'machine-readable output')
    .action(async (o: { json?: boolean }) => {
      const list = await withStore((store) => servicesOf(store).vouchers.list());
      output(o.json === true, list, () =>
        list.length === 0
          ? 'no vouchers'
          : list
              .map(
                (v) =>
                  `${v.codeHint}  ${v.id}  ${String(v.valueUsdt).padStart(8)} USDT  ${v.state.padEnd(8)}  until ${v.expiresAt}${v.recipient ? `  for ${v.recipient}` : ''}${v.redeemedRequestId ? `  on request ${v.redeemedRequestId}` : ''}`,
              )
              .join('\n'),
      );
    });

  vouchers
    .command('revoke <idOrCode>')
    .description('revoke an unused voucher by its id or its code')
    .option('--json', 'machine-readable output')
    .action(async (idOrCode: string, o: { json?: boolean }) => {
      const revoked = await withStore((store) => refusalsAsCliErrors(() => servicesOf(store).vouchers.revoke(idOrCode, 'cli')));
      output(o.json === true, revoked, () => `revoked ${revoked.codeHint} (${revoked.id})`);
    });
}
