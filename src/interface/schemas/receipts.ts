/**
 * Issue 33: the receipts' wire shapes. A receipt itself is served as the stored JSON text
 * (any re-serialisation could drop or reorder a field and break its signature), so only
 * the keys document and the verify request and answer are schemas.
 */
import { Type, type Static } from '@sinclair/typebox';

export const PublishedKeySchema = Type.Object(
  {
    keyId: Type.String({ description: 'the first 16 hex digits of the SHA-256 of the raw public key' }),
    alg: Type.Literal('Ed25519'),
    publicKey: Type.String({ description: 'the raw 32-byte public key, base64url' }),
    createdAt: Type.String(),
    retiredAt: Type.Union([Type.String(), Type.Null()], {
      description: 'set by a rotation: signs nothing after it, still verifies what it signed before',
    }),
    expiresAt: Type.Union([Type.String(), Type.Null()], { description: 'after it the key verifies nothing; null: never' }),
  },
  { additionalProperties: false },
);

export const KeysDocumentSchema = Type.Object(
  {
    issuer: Type.String({ description: "the instance's public base URL, as receipts name it" }),
    keys: Type.Array(PublishedKeySchema, { description: 'every key, newest first; retired keys stay so old receipts verify' }),
  },
  { $id: 'ReceiptKeys', additionalProperties: false },
);
export type KeysDocumentWire = Static<typeof KeysDocumentSchema>;

export const VerifyReceiptRequestSchema = Type.Object(
  {
    receipt: Type.Unknown({ description: 'the receipt as downloaded (GET /api/scans/{id}/receipt)' }),
    replay: Type.Optional(Type.Boolean({ description: 'replay the calls after the signature check (default true)' })),
  },
  { additionalProperties: false },
);

export const VerifyReceiptResponseSchema = Type.Object(
  {
    verdict: Type.String({
      description:
        'reproduced, signature valid (no replay asked), differs, cannot replay, signature invalid, unknown key id, expired key, key retired before the receipt was issued, not a receipt',
    }),
    message: Type.String({ description: 'the verdict in one sentence, the same line `scopeward verify` prints' }),
    signature: Type.Object(
      { ok: Type.Boolean(), keyId: Type.Union([Type.String(), Type.Null()]), detail: Type.String() },
      { additionalProperties: false },
    ),
    replay: Type.Optional(
      Type.Object(
        {
          status: Type.String({ description: 'reproduced, differs or cannot replay' }),
          calls: Type.Optional(Type.Number()),
          step: Type.Optional(Type.Number({ description: 'the first step that differs' })),
          method: Type.Optional(Type.String()),
          supports: Type.Optional(Type.String({ description: 'the conclusion the differing step supports' })),
          how: Type.Optional(Type.String()),
          reason: Type.Optional(Type.String()),
          durationMs: Type.Number(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type VerifyReceiptResponse = Static<typeof VerifyReceiptResponseSchema>;

/**
 * A receipt as the dashboard reads it (the evidence page). Documentation and the page's
 * type only: the route sends the stored text unchanged, never through this schema.
 */
export const ReceiptSchema = Type.Object({
  format: Type.Literal('scopeward-receipt/1'),
  issuer: Type.String(),
  issuedAt: Type.String(),
  subject: Type.Object({ kind: Type.String(), network: Type.String(), token: Type.Union([Type.String(), Type.Null()]) }),
  verdict: Type.Object({
    taxes: Type.Object({
      buyTax: Type.Union([Type.Number(), Type.Null()]),
      sellTax: Type.Union([Type.Number(), Type.Null()]),
      transferTax: Type.Union([Type.Number(), Type.Null()]),
      error: Type.String(),
    }),
    reason: Type.String(),
    scope: Type.String(),
    ownerActions: Type.Array(Type.Object({ signature: Type.String(), sellAfter: Type.String(), statement: Type.String() })),
  }),
  environment: Type.Object({
    mode: Type.String({ description: 'fork, snapshot or local (a fresh chain rebuilt from the recorded setup)' }),
    network: Type.String(),
    chainId: Type.Number(),
    block: Type.Object({ number: Type.Number(), hash: Type.String(), timestamp: Type.Number() }),
    compiler: Type.Optional(Type.Object({ version: Type.String(), contract: Type.String(), file: Type.String() })),
    sources: Type.Optional(Type.Record(Type.String(), Type.String())),
    constructorArgs: Type.Optional(Type.String()),
  }),
  conclusions: Type.Array(Type.Object({ supports: Type.String(), claim: Type.String(), calls: Type.Array(Type.Number()) })),
  calls: Type.Array(
    Type.Object({
      index: Type.Number(),
      supports: Type.String(),
      method: Type.String(),
      params: Type.Array(Type.Unknown()),
      result: Type.Optional(Type.Unknown()),
      error: Type.Optional(Type.Object({ code: Type.Number(), message: Type.String() })),
      tx: Type.Optional(Type.Object({ status: Type.String(), gasUsed: Type.String(), logsDigest: Type.String() })),
    }),
  ),
  signature: Type.Object({ alg: Type.Literal('Ed25519'), keyId: Type.String(), value: Type.String() }),
});
export type ReceiptWire = Static<typeof ReceiptSchema>;
