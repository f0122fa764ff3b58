/**
 * The watches API (issue 32): a token watched for owner actions that change what holders
 * can do, the events the follower records, and their deliveries. Request and response
 * schemas, used for validation, serialization and the OpenAPI document; the dashboard's
 * Watchlist page takes its types from here (through src/shared).
 *
 * The follower (src/watch) writes events; the delivery side (src/watch/delivery) sends
 * each event to the watch's webhook, e-mail and dashboard and logs every attempt.
 */
import { Type, type Static } from '@sinclair/typebox';

/** What a change is about; `retracted` undoes an earlier event that a reorg removed. */
export const WATCH_EVENT_KINDS = [
  'owner-changed',
  'implementation-changed',
  'proxy-admin-changed',
  'power-variable-changed',
  'supply-changed',
  'liquidity-removed',
  'lock-expiring',
  'lock-expired',
  'solana-authority-changed',
  'solana-extension-changed',
  'verdict-changed',
  'retracted',
] as const;
export type WatchEventKind = (typeof WATCH_EVENT_KINDS)[number];

export const DELIVERY_CHANNELS = ['webhook', 'email', 'dashboard'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const Timestamp = Type.String({ format: 'date-time' });

export const WatchDeliverSchema = Type.Object(
  {
    webhookUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'https URL; passes the outbound guard' })),
    email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    dashboard: Type.Optional(Type.Boolean({ description: 'show events on the Watchlist page (default true)' })),
  },
  { additionalProperties: false },
);

export const WatchInputSchema = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 100, description: 'the token address (EVM hex or Solana base58)' }),
    network: Type.String({ minLength: 1, maxLength: 40, description: 'a network name as in GET /api/scans/networks' }),
    deliver: Type.Optional(WatchDeliverSchema),
  },
  { additionalProperties: false },
);
export type WatchInput = Static<typeof WatchInputSchema>;

export const WatchSchema = Type.Object({
  id: Type.String(),
  token: Type.String(),
  network: Type.String(),
  chain: Type.Union([Type.Literal('evm'), Type.Literal('solana')]),
  deliver: Type.Object({
    webhookUrl: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    dashboard: Type.Boolean(),
  }),
  createdAt: Timestamp,
  /** The last block (slot on Solana) the follower has confirmed for this watch; null before the first. */
  lastCheckedBlock: Type.Union([Type.Integer(), Type.Null()]),
  /** The verdict's headline when the watch was made or last changed; null if no simulation was possible. */
  verdict: Type.Union([Type.String(), Type.Null()]),
  /** How many state values the follower reads for this watch, and why it reads none when empty. */
  watched: Type.Object({ values: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]) }),
});
export type Watch = Static<typeof WatchSchema>;

export const WatchEventSchema = Type.Object({
  /** Also the idempotency key of every delivery of this event. */
  id: Type.String(),
  watchId: Type.String(),
  kind: Type.Union(WATCH_EVENT_KINDS.map((kind) => Type.Literal(kind))),
  network: Type.String(),
  token: Type.String(),
  blockNumber: Type.Integer(),
  blockHash: Type.String(),
  transactionHash: Type.Union([Type.String(), Type.Null()]),
  /** What changed, in words a holder reads: "sell tax 5 % → 99 %; a holder's sell now returns 1 % of its value". */
  summary: Type.String(),
  /** The watched value before and after (as strings: addresses, decimal integers, booleans). */
  before: Type.Union([Type.String(), Type.Null()]),
  after: Type.Union([Type.String(), Type.Null()]),
  /** The verdict's headline before and after the change, when the simulation was re-run. */
  verdictBefore: Type.Union([Type.String(), Type.Null()]),
  verdictAfter: Type.Union([Type.String(), Type.Null()]),
  /** For `retracted`: the event a reorg undid. */
  retracts: Type.Union([Type.String(), Type.Null()]),
  detectedAt: Timestamp,
});
export type WatchEvent = Static<typeof WatchEventSchema>;

export const WatchCreatedSchema = Type.Object({
  watch: WatchSchema,
  /** The webhook signing secret, shown once; null when the watch has no webhook. */
  secret: Type.Union([Type.String(), Type.Null()]),
});

export const WatchListSchema = Type.Object({ watches: Type.Array(WatchSchema) });

export const WatchDetailSchema = Type.Object({ watch: WatchSchema, events: Type.Array(WatchEventSchema) });
export type WatchDetail = Static<typeof WatchDetailSchema>;

/** One attempt at a delivery, as logged (added by the delivery side: status code, error, duration). */
export const WatchDeliveryAttemptSchema = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  startedAt: Timestamp,
  durationMs: Type.Integer({ minimum: 0 }),
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('retry'), Type.Literal('failed')]),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type WatchDeliveryAttempt = Static<typeof WatchDeliveryAttemptSchema>;

export const WatchDeliverySchema = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  channel: Type.Union(DELIVERY_CHANNELS.map((channel) => Type.Literal(channel))),
  status: Type.Union(DELIVERY_STATUSES.map((status) => Type.Literal(status))),
  attempts: Type.Integer(),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  deliveredAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  /** Every attempt, oldest first (added by the delivery side; absent where a list leaves it out). */
  log: Type.Optional(Type.Array(WatchDeliveryAttemptSchema)),
});
export type WatchDelivery = Static<typeof WatchDeliverySchema>;

export const WatchRedeliveredSchema = Type.Object({ delivery: WatchDeliverySchema });

export const WatchDeliveryListSchema = Type.Object({ deliveries: Type.Array(WatchDeliverySchema) });

/** An error of the watches API: the message, and the input, limit or existing watch it is about. */
export const WatchErrorSchema = Type.Object({
  message: Type.String(),
  field: Type.Optional(Type.String({ description: 'the input the message belongs to: token, network, deliver.webhookUrl, deliver.email' })),
  limit: Type.Optional(Type.Integer({ description: 'the most live watches an account may have' })),
  watchId: Type.Optional(Type.String({ description: 'the watch of this token the account already has' })),
  meta: Type.Optional(Type.Object({ source: Type.String(), reason: Type.String() })),
});
