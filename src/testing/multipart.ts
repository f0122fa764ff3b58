/** A multipart/form-data body for `app.inject()` and fetch tests (fields and file parts). */
import { randomBytes } from 'node:crypto';

export type MultipartPart =
  | { readonly name: string; readonly value: string }
  | { readonly name: string; readonly filename: string; readonly data: Buffer | string; readonly type?: string };

export function multipartBody(parts: readonly MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----scopeward${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
