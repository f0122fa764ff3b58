/** One e-mail attempt: the event in words a holder reads, through the configured mailer. */
import type { Mailer } from '../../accounts/mailer.ts';
import type { WatchEvent } from '../../interface/schemas/watches.ts';
import type { AttemptResult } from './send-webhook.ts';
import { networkBySymbol } from '../../chain/networks.ts';

export interface WebhookPayload extends WatchEvent {
  readonly watch: { readonly id: string; readonly token: string; readonly network: string };
}

export function alertMail(payload: WebhookPayload, dashboardUrl: string | undefined): { subject: string; text: string } {
  const short = payload.token.length > 14 ? `${payload.token.slice(0, 8)}…${payload.token.slice(-4)}` : payload.token;
  const headline = payload.kind === 'retracted' ? `retracted: ${payload.summary}` : payload.summary;
  const lines = [
    `${payload.token} on ${payload.network}`,
    '',
    headline,
    '',
    ...(payload.before !== null || payload.after !== null ? [`Before: ${payload.before ?? '—'}`, `After:  ${payload.after ?? '—'}`] : []),
    ...(payload.verdictBefore !== null || payload.verdictAfter !== null
      ? [`Verdict before: ${payload.verdictBefore ?? '—'}`, `Verdict after:  ${payload.verdictAfter ?? '—'}`]
      : []),
    // A Solana event's number is a slot; its hash is '' when the node no longer kept the block.
    `${networkBySymbol(payload.network)?.family === 'solana' ? 'Slot' : 'Block'} ${payload.blockNumber}${payload.blockHash ? ` (${payload.blockHash})` : ''}`,
    ...(payload.transactionHash ? [`Transaction ${payload.transactionHash}`] : []),
    `Event ${payload.id} (${payload.kind})`,
    ...(dashboardUrl ? ['', `Watchlist: ${dashboardUrl.replace(/\/+$/, '')}/watchlist`] : []),
  ];
  return { subject: `[scopeward] ${short} on ${payload.network}: ${headline}`.slice(0, 180), text: lines.join('\n') };
}

export async function sendEmail(
  mailer: Mailer,
  to: string,
  payload: WebhookPayload,
  dashboardUrl: string | undefined,
): Promise<AttemptResult> {
  try {
    await mailer.send({ to, ...alertMail(payload, dashboardUrl) });
    return { verdict: 'delivered', statusCode: null, error: null };
  } catch (error) {
    // An SMTP 5xx refuses the message for good (an unknown mailbox); anything else may pass later.
    const code = (error as { responseCode?: unknown }).responseCode;
    const permanent = typeof code === 'number' && code >= 500 && code < 600;
    return { verdict: permanent ? 'failed' : 'retry', statusCode: null, error: error instanceof Error ? error.message : String(error) };
  }
}
