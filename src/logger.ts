/** The service's structured logger. Secrets never reach the log: keys and cookies are redacted. */
import pino, { type LoggerOptions } from 'pino';

export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.key',
  '*.apiKey',
  '*.password',
];

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}

export function createLogger(level: string) {
  return pino(loggerOptions(level));
}
