/** What the `vouchers` and `requests` commands share: the services over the configured store and mailer. */
import { loadConfig } from '../../config.ts';
import { createMailer } from '../../accounts/mailer.ts';
import { systemClock } from '../../accounts/clock.ts';
import type { Store } from '../../store/open-store.ts';
import { createServiceRequests } from '../../offers/service-requests.ts';
import { createVoucherService } from '../../offers/vouchers.ts';
import { ServiceError } from '../../offers/service-error.ts';
import { parseAmount } from '../../offers/voucher-rules.ts';
import { CliError, EXIT } from '../cli-error.ts';

export function servicesOf(store: Store) {
  const config = loadConfig();
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: { info: (details) => process.stderr.write(`e-mail written to ${(details as { file?: string }).file ?? 'the outbox'}\n`) },
  });
  return {
    requests: createServiceRequests({
      db: store.db,
      clock: systemClock,
      mailer,
      operatorEmail: config.operatorEmail,
      onMailError: (error) => process.stderr.write(`could not send an e-mail: ${error instanceof Error ? error.message : String(error)}\n`),
    }),
    vouchers: createVoucherService({ db: store.db, clock: systemClock, usdPerUsdt: config.voucherUsdPerUsdt }),
  };
}

/** An amount typed on the command line: digits with at most two decimals. */
export function amountOption(text: string, name: string): number {
  if (!/^\d+(\.\d+)?$/.test(text.trim())) throw new CliError(`${name} must be a positive number, got "${text}"`);
  const parsed = parseAmount(Number(text), name);
  if ('problem' in parsed) throw new CliError(parsed.problem);
  return parsed.cents;
}

/** Runs a services action, turning its refusals into one-line CLI errors. */
export async function refusalsAsCliErrors<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ServiceError) throw new CliError(error.message, EXIT.badInput);
    throw error;
  }
}
