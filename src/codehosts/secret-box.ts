/**
 * Seals secrets (GitHub tokens) at rest with AES-256-GCM. The key is SECRET_KEY (any
 * text: its SHA-256 is the key), or else a random key generated once into
 * DATA_DIR/secret-key (mode 0600), so a default install still never stores a token in
 * the clear. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the sealed text was not sealed with this key or was altered. */
  open(sealed: string): string | null;
  /** An HMAC of the text with a key derived from the same secret (signs Connect's state). */
  sign(text: string): string;
  verify(text: string, signature: string): boolean;
}

export function createSecretBox(secret: string | Buffer): SecretBox {
  const key = createHash('sha256').update(secret).digest();
  const macKey = createHash('sha256').update('scopeward-hmac\0').update(key).digest();
  const sign = (text: string) => createHmac('sha256', macKey).update(text).digest('base64url');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** SECRET_KEY, or the key file under the data folder (created on first use). */
export function secretBoxFromEnv(secretKey: string | undefined, dataDir: string): SecretBox {
  if (secretKey !== undefined && secretKey.trim() !== '') return createSecretBox(secretKey.trim());
  const file = join(dataDir, 'secret-key');
  // The usual start finds the key; only a first start writes one.
  if (!existsSync(file)) createKeyFileOnce(file);
  return createSecretBox(readFileSync(file, 'utf8').trim());
}

/**
 * Writes a new random key to `file` unless it exists. Several processes on one data
 * folder (replicas, a CLI command beside the server) may start at the same instant:
 * the key is written whole to a file of this process's own and then hard-linked into
 * place, which fails atomically if another process got there first. Every process
 * then reads the one complete key; none ever sees a half-written file.
 */
function createKeyFileOnce(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(own, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(own, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(own, { force: true });
  }
}
