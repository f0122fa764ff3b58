/**
 * Disputes of a scan's result (issue 33 item 4): a token team says what it believes is
 * wrong and how to reach it; the operator answers in the admin panel. A dispute never
 * changes the scan or its receipt. The operator's view carries the scan's verdict and the
 * history of scans of the same target, each with its receipt, since a re-scan is a new scan.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DISPUTE_LIMITS, DISPUTE_STATUSES } from '../../shared/dispute-rules.ts';

export { DISPUTE_LIMITS, DISPUTE_STATUSES, type DisputeStatus } from '../../shared/dispute-rules.ts';
const Status = Type.Union(DISPUTE_STATUSES.map((s) => Type.Literal(s)));

export const DisputeInputSchema = Type.Object(
  {
    message: Type.String({
      minLength: DISPUTE_LIMITS.messageMin,
      maxLength: DISPUTE_LIMITS.messageMax,
      description: 'what the filer believes is wrong with the result, and why',
    }),
    contact: Type.String({
      minLength: DISPUTE_LIMITS.contactMin,
      maxLength: DISPUTE_LIMITS.contactMax,
      description: 'how the operator reaches the filer: an e-mail address, a Telegram handle, a URL',
    }),
  },
  { additionalProperties: false },
);
export type DisputeInput = Static<typeof DisputeInputSchema>;

export const DisputeSchema = Type.Object(
  {
    id: Type.String(),
    scanId: Type.String(),
    message: Type.String(),
    contact: Type.String(),
    status: Status,
    operatorNote: Type.String({ description: "the operator's answer; '' until there is one" }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Dispute = Static<typeof DisputeSchema>;

/** One scan of the disputed target, as the operator compares them. */
export const DisputedScanSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    network: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    status: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    verdict: Type.Union([Type.String(), Type.Null()], { description: "the verdict's headline; null when the scan has none" }),
    receiptId: Type.Union([Type.String(), Type.Null()], { description: "the id of the scan's signed receipt; null when it has none" }),
  },
  { additionalProperties: false },
);
export type DisputedScan = Static<typeof DisputedScanSchema>;

export const AdminDisputeSchema = Type.Object(
  {
    ...DisputeSchema.properties,
    scan: Type.Union([DisputedScanSchema, Type.Null()], { description: 'null when the scan is no longer stored' }),
    history: Type.Array(DisputedScanSchema, { description: 'the other scans of the same target, newest first (at most 10)' }),
  },
  { additionalProperties: false },
);
export type AdminDispute = Static<typeof AdminDisputeSchema>;

export const DisputeUpdateSchema = Type.Object(
  {
    status: Type.Optional(Status),
    operatorNote: Type.Optional(Type.String({ maxLength: DISPUTE_LIMITS.messageMax })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type DisputeUpdate = Static<typeof DisputeUpdateSchema>;
