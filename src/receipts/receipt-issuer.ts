/**
 * Issues and keeps the receipts of a server's simulations (issue 33): builds the body from
 * a finished simulation, signs it with the instance's key, stores it, and gives the scan
 * the field it names it by (`meta.simulation.receipt`). Never throws into the scan: a
 * receipt that cannot be made is the empty value with the reason.
 */
import type { Kysely } from 'kysely';
import type { SecretBox } from '../codehosts/secret-box.ts';
import type { Database } from '../store/schema.ts';
import { buildReceiptBody, type BuildReceiptInput, type Receipt } from './receipt.ts';
import { createReceiptSigner, type KeysDocument, type ReceiptSigner } from './receipt-keys.ts';

/** `meta.simulation.receipt`: the receipt's id and key, or null ones and why there is none. */
export interface ReceiptReference {
  readonly id: string | null;
  readonly keyId: string | null;
  readonly issuedAt: string | null;
  /** Calls recorded (0 without a receipt). */
  readonly calls: number;
  /** '' when there is a receipt. */
  readonly reason: string;
}

export interface ReceiptIssuer {
  readonly signer: ReceiptSigner;
  issue(input: Omit<BuildReceiptInput, 'issuer' | 'issuedAt'>): Promise<ReceiptReference>;
  find(id: string): Promise<Receipt | undefined>;
  keysDocument(): Promise<KeysDocument>;
}

export const KEYS_PATH = '/.well-known/scopeward-keys.json';

export interface ReceiptIssuerOptions {
  readonly db: Kysely<Database>;
  readonly secretBox: SecretBox;
  /** The instance's public base URL (BASE_URL): verifiers fetch `${issuer}/.well-known/scopeward-keys.json`. */
  readonly issuer: string | (() => string);
  readonly now?: () => Date;
  readonly onError?: (error: unknown) => void;
}

export function createReceiptIssuer(options: ReceiptIssuerOptions): ReceiptIssuer {
  const now = options.now ?? (() => new Date());
  const signer = createReceiptSigner(options.db, options.secretBox, now);
  const configured = options.issuer;
  const issuer = typeof configured === 'string' ? () => configured : configured;
  const none = (reason: string): ReceiptReference => ({ id: null, keyId: null, issuedAt: null, calls: 0, reason });
  return {
    signer,
    async issue(input) {
      try {
        const body = await buildReceiptBody({ ...input, issuer: issuer(), issuedAt: now() });
        if (!body) return none('the simulation left no complete record of its calls (it stopped at its time cap or never reached a chain)');
        const { receipt, id } = await signer.sign(body);
        await options.db
          .insertInto('scan_receipts')
          .values({ id, key_id: receipt.signature.keyId, created_at: body.issuedAt, body: JSON.stringify(receipt) })
          .onConflict((c) => c.column('id').doNothing())
          .execute();
        return { id, keyId: receipt.signature.keyId, issuedAt: body.issuedAt, calls: body.calls.length, reason: '' };
      } catch (error) {
        options.onError?.(error);
        return none(`the receipt could not be signed or stored: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async find(id) {
      const row = await options.db.selectFrom('scan_receipts').select('body').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.body) as Receipt) : undefined;
    },
    async keysDocument() {
      return { issuer: issuer(), keys: await signer.keys() };
    },
  };
}
