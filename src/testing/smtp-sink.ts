/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps what it is sent,
 * so tests send mail through nodemailer's SMTP transport exactly as production does.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  readonly url: string;
  /** The next raw message (RFC 5322 text), waiting for it if none has arrived. */
  nextMail(): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: string[] = [];
  const waiters: Array<(raw: string) => void> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const waiter = waiters.shift();
        if (waiter) waiter(raw);
        else received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    nextMail: () => {
      const ready = received.shift();
      return ready !== undefined ? Promise.resolve(ready) : new Promise((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
