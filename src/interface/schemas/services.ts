/**
 * The services API (offers, requests for them, audit vouchers): request and response
 * schemas, used for validation, serialization and the OpenAPI document; the dashboard
 * takes its types from here.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ATTACHMENT_LIMITS, OFFER_IDS, REQUEST_STATUSES } from '../../offers/catalogue.ts';

export { ATTACHMENT_LIMITS };

const Money = Type.Number({ exclusiveMinimum: 0, description: 'a JSON number with at most two decimals' });

export const AttachmentInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    contentBase64: Type.String({ maxLength: Math.ceil((ATTACHMENT_LIMITS.bytesPerFile * 4) / 3) + 8 }),
  },
  { additionalProperties: false },
);

export const ServiceRequestInputSchema = Type.Object(
  {
    offer: Type.Union(OFFER_IDS.map((id) => Type.Literal(id))),
    email: Type.String({ maxLength: 254, description: 'where the operator replies' }),
    project: Type.String({ minLength: 1, maxLength: 200 }),
    networks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
    addresses: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 })),
    repository: Type.Optional(Type.String({ maxLength: 500 })),
    budgetUsd: Type.Optional(Money),
    deadline: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' })),
    message: Type.Optional(Type.String({ maxLength: 10_000 })),
    attachments: Type.Optional(Type.Array(AttachmentInputSchema, { maxItems: ATTACHMENT_LIMITS.files })),
  },
  { additionalProperties: false },
);
export type ServiceRequestInput = Static<typeof ServiceRequestInputSchema>;

export const AttachmentInfoSchema = Type.Object({
  position: Type.Integer(),
  name: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
});

export const VoucherAppliedSchema = Type.Object(
  { discountUsd: Type.Number(), forfeitedUsd: Type.Number(), finalPriceUsd: Type.Number() },
  { description: 'the voucher applied to the quote' },
);

export const ServiceRequestSchema = Type.Object(
  {
    id: Type.String(),
    offer: Type.String(),
    email: Type.String(),
    project: Type.String(),
    networks: Type.Array(Type.String()),
    addresses: Type.Array(Type.String()),
    repository: Type.Union([Type.String(), Type.Null()]),
    budgetUsd: Type.Union([Type.Number(), Type.Null()]),
    deadline: Type.Union([Type.String(), Type.Null()]),
    message: Type.String(),
    status: Type.Union(REQUEST_STATUSES.map((s) => Type.Literal(s))),
    quoteUsd: Type.Union([Type.Number(), Type.Null()], { description: 'the price the operator quoted, in USD' }),
    voucher: Type.Union([VoucherAppliedSchema, Type.Null()]),
    attachments: Type.Array(AttachmentInfoSchema),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { additionalProperties: false },
);
export type ServiceRequest = Static<typeof ServiceRequestSchema>;

/** What admins see besides: notes and whether the operator's e-mail went out. */
export const AdminServiceRequestSchema = Type.Composite([
  ServiceRequestSchema,
  Type.Object({
    accountId: Type.Union([Type.String(), Type.Null()]),
    notes: Type.String(),
    operatorNotified: Type.Boolean(),
  }),
]);

export const ServiceRequestUpdateSchema = Type.Object(
  {
    status: Type.Optional(Type.Union(REQUEST_STATUSES.map((s) => Type.Literal(s)))),
    notes: Type.Optional(Type.String({ maxLength: 10_000 })),
    quoteUsd: Type.Optional(Money),
  },
  { additionalProperties: false },
);
export type ServiceRequestUpdate = Static<typeof ServiceRequestUpdateSchema>;

export const RedeemSchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

export const RedemptionSchema = Type.Object({
  requestId: Type.String(),
  voucherId: Type.String(),
  quoteUsd: Type.Number(),
  discountUsd: Type.Number(),
  forfeitedUsd: Type.Number(),
  finalPriceUsd: Type.Number(),
  message: Type.String(),
});

export const VoucherIssueSchema = Type.Object(
  {
    valueUsdt: Money,
    recipient: Type.Optional(Type.String({ maxLength: 254 })),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);

export const VoucherSchema = Type.Object({
  id: Type.String(),
  codeHint: Type.String(),
  valueUsdt: Type.Number(),
  recipient: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
  issuedBy: Type.String(),
  issuedAt: Type.String(),
  expiresAt: Type.String(),
  redeemedAt: Type.Union([Type.String(), Type.Null()]),
  redeemedRequestId: Type.Union([Type.String(), Type.Null()]),
  revokedAt: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.Literal('valid'), Type.Literal('redeemed'), Type.Literal('revoked'), Type.Literal('expired')]),
});

export const VoucherEventSchema = Type.Object({
  voucherId: Type.Union([Type.String(), Type.Null()]),
  codeHint: Type.String(),
  kind: Type.Union([Type.Literal('issued'), Type.Literal('redeemed'), Type.Literal('refused'), Type.Literal('revoked')]),
  requestId: Type.Union([Type.String(), Type.Null()]),
  actor: Type.String(),
  detail: Type.String(),
  at: Type.String(),
  count: Type.Integer({
    minimum: 1,
    description: 'attempts this event stands for: refusals are counted per actor, voucher, request, reason and hour',
  }),
});

export const OffersSchema = Type.Object({
  offers: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() })),
  voucherTerms: Type.Array(Type.String()),
  voucherFloorUsd: Type.Number(),
  attachmentLimits: Type.Object({
    files: Type.Integer(),
    bytesPerFile: Type.Integer(),
    bytesTotal: Type.Integer(),
    extensions: Type.Array(Type.String()),
  }),
});
