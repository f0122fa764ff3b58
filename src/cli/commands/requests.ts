/** `scopeward requests list|quote|status`: requests for the operator's offers. */
import type { Command } from 'commander';
import { REQUEST_STATUSES, type RequestStatus } from '../../offers/catalogue.ts';
import { CliError } from '../cli-error.ts';
import { output, withStore } from '../with-store.ts';
import { amountOption, refusalsAsCliErrors, servicesOf } from './services-context.ts';

export function register(program: Command): void {
  const requests = program.command('requests').description('requests for the operator’s offers (Services page)');

  requests
    .command('list')
    .description('list requests, newest first')
    .option('--status <status>', `only one status: ${REQUEST_STATUSES.join(', ')}`)
    .option('--json', 'machine-readable output')
    .action(async (o: { status?: string; json?: boolean }) => {
      if (o.status !== undefined && !(REQUEST_STATUSES as readonly string[]).includes(o.status))
        throw new CliError(`--status must be one of ${REQUEST_STATUSES.join(', ')}`);
      const list = await withStore((store) => servicesOf(store).requests.list({ status: o.status }));
      output(o.json === true, list, () =>
        list.length === 0
          ? 'no requests'
          : list
              .map((r) =>
                [
                  `${r.id}  ${r.status.padEnd(11)}  ${r.offer}  ${r.project}  <${r.email}>  ${r.createdAt}`,
                  r.quoteUsd === null
                    ? ''
                    : `  quote ${r.quoteUsd} USD${r.voucher ? `, voucher -${r.voucher.discountUsd} → ${r.voucher.finalPriceUsd} USD` : ''}`,
                  r.notes ? `  notes: ${r.notes}` : '',
                ]
                  .filter(Boolean)
                  .join('\n'),
              )
              .join('\n'),
      );
    });

  requests
    .command('quote <id>')
    .description('quote a price in USD (marks the request quoted and e-mails the requester)')
    .requiredOption('--price <usd>', 'price in USD')
    .option('--note <text>', 'replace the admin notes')
    .option('--json', 'machine-readable output')
    .action(async (id: string, o: { price: string; note?: string; json?: boolean }) => {
      const cents = amountOption(o.price, '--price');
      const updated = await withStore((store) =>
        refusalsAsCliErrors(() =>
          servicesOf(store).requests.update(id, { quoteUsd: cents / 100, ...(o.note === undefined ? {} : { notes: o.note }) }),
        ),
      );
      output(o.json === true, updated, () => `${updated.id} quoted ${updated.quoteUsd} USD`);
    });

  requests
    .command('status <id> <status>')
    .description(`set a request's status: ${REQUEST_STATUSES.join(', ')}`)
    .option('--note <text>', 'replace the admin notes')
    .option('--json', 'machine-readable output')
    .action(async (id: string, status: string, o: { note?: string; json?: boolean }) => {
      if (!(REQUEST_STATUSES as readonly string[]).includes(status))
        throw new CliError(`status must be one of ${REQUEST_STATUSES.join(', ')}`);
      const updated = await withStore((store) =>
        refusalsAsCliErrors(() =>
          servicesOf(store).requests.update(id, { status: status as RequestStatus, ...(o.note === undefined ? {} : { notes: o.note }) }),
        ),
      );
      output(o.json === true, updated, () => `${updated.id} is now ${updated.status}`);
    });
}
