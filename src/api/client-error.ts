/**
 * The answer to a request Node's HTTP parser gives up on before any route runs: headers
 * or body too slow (408, HTTP_*_TIMEOUT_MS), headers too large (431), not HTTP (400).
 * Written on the socket, as Fastify's default does, but as `{message}` like every other
 * error of the API and with the API's security headers, which no hook can add here.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { API_SECURITY_HEADERS } from './plugins/security-headers.ts';

const MESSAGES: Readonly<Record<number, string>> = {
  408: 'The request did not arrive in time',
  431: 'Request headers too large',
  400: 'Malformed HTTP request',
};

/** A raw HTTP/1.1 answer that closes the connection: the parser cannot go on after it. */
export function rawAnswer(status: number, message: string): string {
  const body = JSON.stringify({ message });
  const headers = {
    ...API_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`;
}

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  if (socket.writable) socket.write(rawAnswer(status, MESSAGES[status]!));
  socket.destroy();
}
