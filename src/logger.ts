/**
 * The service's logger. Secrets never reach the log: keys and cookies are redacted.
 * On a terminal the lines are human-readable (pino-pretty); otherwise, and always with
 * LOG_FORMAT=json, one JSON object per line for log collectors.
 */
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.key',
  '*.apiKey',
  '*.password',
];

export type LogFormat = 'pretty' | 'json';

/** Pretty on a terminal unless LOG_FORMAT says otherwise. */
export function logFormat(
  env: Readonly<Record<string, string | undefined>> = process.env,
  isTTY = process.stdout.isTTY === true,
): LogFormat {
  const asked = env.LOG_FORMAT?.toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  return isTTY ? 'pretty' : 'json';
}

/** The stream log lines go to: stdout as JSON, or through pino-pretty. */
export function logStream(format: LogFormat = logFormat()): DestinationStream | undefined {
  if (format === 'json') return undefined;
  return pretty({ colorize: process.stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true });
}

/** Pino options for Fastify's `logger` (which accepts `stream`) and for `createLogger`. */
export function loggerOptions(
  level: string,
  stream: DestinationStream | undefined = logStream(),
): LoggerOptions & { stream?: DestinationStream } {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, ...(stream ? { stream } : {}) };
}

export function createLogger(level: string, stream: DestinationStream | undefined = logStream()) {
  const { stream: _stream, ...options } = loggerOptions(level, stream);
  return stream ? pino(options, stream) : pino(options);
}
