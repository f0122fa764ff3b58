/**
 * Sends the account e-mails through SMTP (nodemailer, `SMTP_URL`) or, with no SMTP
 * server configured, writes each message to `DATA_DIR/outbox/` as an .eml file that any
 * mail program opens, and logs where.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  readonly filename: string;
  readonly content: Buffer;
  readonly contentType: string;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Where replies go (a service request's contact), when not the sender. */
  readonly replyTo?: string;
  readonly attachments?: readonly MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log: "smtp host:port" or the outbox folder. */
  readonly destination: string;
}

export interface MailerOptions {
  readonly smtpUrl: string | undefined;
  readonly from: string;
  readonly dataDir: string;
  readonly log: { info(details: object, message: string): void };
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    const url = new URL(options.smtpUrl);
    return {
      destination: `smtp ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message, attachments: message.attachments?.map((a) => ({ ...a })) });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `outbox ${outbox}`,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message, attachments: message.attachments?.map((a) => ({ ...a })) });
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ file, subject: message.subject }, 'no SMTP_URL set: e-mail written to the outbox');
    },
  };
}

/** Keeps messages in memory (tests). */
export function createMemoryMailer(): Mailer & { readonly sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    destination: 'memory',
    async send(message) {
      sent.push(message);
    },
  };
}
