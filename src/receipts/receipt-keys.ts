/**
 * The instance's Ed25519 receipt keys (issue 33): generated on first use, kept in the
 * store with the private key sealed (SECRET_KEY, like the code hosts' tokens), rotated by
 * retiring the active key and adding a new one. Retired public keys stay in the published
 * document (`/.well-known/scopeward-keys.json`) with their dates, so receipts signed
 * before a rotation still verify. Signing keeps the active key in memory: one Ed25519
 * signature over the canonical body, well under a millisecond.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SecretBox } from '../codehosts/secret-box.ts';
import type { Database } from '../store/schema.ts';
import { canonicalJson } from './canonical-json.ts';
import type { Receipt, ReceiptBody } from './receipt.ts';

/** One key as published: what a verifier needs, nothing secret. */
export interface PublishedKey {
  readonly keyId: string;
  readonly alg: 'Ed25519';
  /** The raw 32-byte public key, base64url. */
  readonly publicKey: string;
  readonly createdAt: string;
  /** When a rotation retired it: it signs nothing after this and still verifies what it signed before. */
  readonly retiredAt: string | null;
  /** After this the key verifies nothing (a compromised key); null: never. */
  readonly expiresAt: string | null;
}

/** The document served at /.well-known/scopeward-keys.json (and accepted by `scopeward verify --keys`). */
export interface KeysDocument {
  readonly issuer: string;
  readonly keys: readonly PublishedKey[];
}

export interface ReceiptSigner {
  /** Signs the body with the active key (created on first use); the id is receiptId(body). */
  sign(body: ReceiptBody): Promise<{ receipt: Receipt; id: string }>;
  /** Every key, newest first. */
  keys(): Promise<PublishedKey[]>;
  /** Retires the active key and makes a new one; `expirePrevious` also stops the old key verifying anything from then on. */
  rotate(options?: { expirePrevious?: boolean }): Promise<PublishedKey>;
}

/** `DER prefix of an Ed25519 SubjectPublicKeyInfo`: the raw key follows these 12 bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function rawPublicKey(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX.length);
}

export function publicKeyFromRaw(raw: string): KeyObject {
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 32) throw new Error('an Ed25519 public key is 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
}

export function keyIdOf(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

/**
 * The signature of a body with a private key (the one place a receipt is signed), and the
 * receipt's id. Ed25519 signs the 32-byte SHA-256 of the canonical body, which is also the
 * receipt's id: the body is hashed once (Ed25519 over the whole 300 KB text hashed it twice
 * more, and that cost more than the 5 ms a scan may spend on its receipt).
 */
export function signBody(body: ReceiptBody, keyId: string, privateKey: KeyObject): { receipt: Receipt; id: string } {
  const digest = bodyDigest(body);
  const value = sign(null, digest, privateKey).toString('base64url');
  return { receipt: { ...body, signature: { alg: 'Ed25519', keyId, value } }, id: digest.toString('base64url') };
}

/** SHA-256 of the body's canonical JSON (RFC 8785): what the signature signs, and the receipt's id. */
export function bodyDigest(body: ReceiptBody): Buffer {
  return createHash('sha256').update(canonicalJson(body), 'utf8').digest();
}

interface ActiveKey {
  readonly keyId: string;
  readonly privateKey: KeyObject;
}

export function createReceiptSigner(db: Kysely<Database>, box: SecretBox, now: () => Date = () => new Date()): ReceiptSigner {
  let active: Promise<ActiveKey> | null = null;
  /** The active key's id as the store says now: a rotation by another process (the CLI) is seen at the next signature. */
  const activeKeyId = async () =>
    (
      await db
        .selectFrom('receipt_keys')
        .select('key_id')
        .where('retired_at', 'is', null)
        .orderBy('created_at')
        .orderBy('key_id')
        .executeTakeFirst()
    )?.key_id;

  const insertNew = async (): Promise<PublishedKey> => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = rawPublicKey(publicKey);
    const row = {
      key_id: keyIdOf(raw),
      public_key: raw.toString('base64url'),
      private_key: box.seal(privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url')),
      created_at: now().toISOString(),
      retired_at: null,
      expires_at: null,
    };
    await db.insertInto('receipt_keys').values(row).execute();
    return published(row);
  };

  /** The oldest key not retired: processes that both created one on first use agree on it. */
  const loadActive = async (): Promise<ActiveKey> => {
    const read = () =>
      db.selectFrom('receipt_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at').orderBy('key_id').executeTakeFirst();
    let row = await read();
    if (!row) {
      await insertNew();
      row = (await read())!;
    }
    const der = box.open(row.private_key);
    if (der === null) throw new Error(`receipt key ${row.key_id} was sealed with another SECRET_KEY: it cannot sign`);
    return { keyId: row.key_id, privateKey: createPrivateKey({ key: Buffer.from(der, 'base64url'), format: 'der', type: 'pkcs8' }) };
  };

  return {
    async sign(body) {
      const current = await activeKeyId();
      if (active && current !== (await active.catch(() => null))?.keyId) active = null;
      active ??= loadActive().catch((error: unknown) => {
        active = null;
        throw error;
      });
      const key = await active;
      return signBody(body, key.keyId, key.privateKey);
    },
    async keys() {
      const rows = await db.selectFrom('receipt_keys').selectAll().orderBy('created_at', 'desc').orderBy('key_id').execute();
      return rows.map(published);
    },
    async rotate(options = {}) {
      const at = now().toISOString();
      await db
        .updateTable('receipt_keys')
        .set({ retired_at: at, ...(options.expirePrevious ? { expires_at: at } : {}) })
        .where('retired_at', 'is', null)
        .execute();
      const key = await insertNew();
      active = null;
      return key;
    },
  };
}

function published(row: {
  key_id: string;
  public_key: string;
  created_at: string;
  retired_at: string | null;
  expires_at: string | null;
}): PublishedKey {
  return {
    keyId: row.key_id,
    alg: 'Ed25519',
    publicKey: row.public_key,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
    expiresAt: row.expires_at,
  };
}
