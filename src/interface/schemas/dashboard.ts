/**
 * The dashboard's own API (accounts, sessions, keys, overview): request and response
 * schemas. The routes use them for validation, serialization and the OpenAPI document;
 * the web app (src/web/api) takes its TypeScript types from the same schemas.
 */
import { Type, type Static } from '@sinclair/typebox';

export const AccountSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Account', additionalProperties: false },
);
export type Account = Static<typeof AccountSchema>;

export const SessionInfoSchema = Type.Object(
  {
    account: Type.Union([AccountSchema, Type.Null()], { description: 'null when not logged in' }),
    csrfToken: Type.String({ description: 'send it back in the x-csrf-token header on every POST, PUT, PATCH and DELETE' }),
  },
  { $id: 'SessionInfo', additionalProperties: false },
);
export type SessionInfo = Static<typeof SessionInfoSchema>;

export const CredentialsSchema = Type.Object({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1024 }) });
export type Credentials = Static<typeof CredentialsSchema>;

export const EmailSchema = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type EmailRequest = Static<typeof EmailSchema>;

export const VerifyCodeSchema = Type.Object({ email: Type.String({ maxLength: 320 }), code: Type.String({ maxLength: 32 }) });
export type VerifyCodeRequest = Static<typeof VerifyCodeSchema>;

export const ResetPasswordSchema = Type.Object({
  email: Type.String({ maxLength: 320 }),
  code: Type.String({ maxLength: 32 }),
  password: Type.String({ maxLength: 1024 }),
});
export type ResetPasswordRequest = Static<typeof ResetPasswordSchema>;

export const ChangePasswordSchema = Type.Object({
  currentPassword: Type.String({ maxLength: 1024 }),
  password: Type.String({ maxLength: 1024 }),
});
export type ChangePasswordRequest = Static<typeof ChangePasswordSchema>;

/** A 202 for the requests that send a code: the same answer whether or not the address is registered. */
export const NoticeSchema = Type.Object({ message: Type.String() }, { $id: 'Notice' });
export type Notice = Static<typeof NoticeSchema>;

export const DashboardKeySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String({ description: 'the first characters of the key, to tell keys apart' }),
    scope: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    callsThisMonth: Type.Integer({ description: 'calls made with the key this calendar month (UTC)' }),
  },
  { $id: 'DashboardKey', additionalProperties: false },
);
export type DashboardKey = Static<typeof DashboardKeySchema>;

export const CreateKeySchema = Type.Object({
  name: Type.String({ maxLength: 200 }),
  admin: Type.Optional(Type.Boolean({ description: 'admin scope (admin accounts only)' })),
});
export type CreateKeyRequest = Static<typeof CreateKeySchema>;

export const CreatedKeySchema = Type.Object(
  { ...DashboardKeySchema.properties, key: Type.String({ description: 'the key itself: shown this once, never again' }) },
  { $id: 'CreatedKey', additionalProperties: false },
);
export type CreatedKey = Static<typeof CreatedKeySchema>;

export const RecentScanSchema = Type.Object(
  {
    operation: Type.String({ description: 'the route called, e.g. /api/cyberscan' }),
    network: Type.String(),
    address: Type.String(),
    status: Type.Integer({ description: 'HTTP status of the latest answer' }),
    at: Type.String({ format: 'date-time', description: 'the latest call' }),
    calls: Type.Integer({ description: 'calls for this contract among the recent ones' }),
    keyName: Type.String(),
    totalScore: Type.Union([Type.Number(), Type.Null()], { description: 'the latest snapshot’s total score; null when none' }),
  },
  { additionalProperties: false },
);
export type RecentScan = Static<typeof RecentScanSchema>;

export const OverviewSchema = Type.Object(
  {
    recentScans: Type.Array(RecentScanSchema, { description: 'one row per contract, latest first' }),
    usage: Type.Object({
      month: Type.String({ description: 'YYYY-MM, UTC' }),
      callsThisMonth: Type.Integer(),
      activeKeys: Type.Integer(),
      anonymousCallsPerMinute: Type.Integer({ description: 'the keyless limit a key lifts' }),
    }),
  },
  { $id: 'Overview', additionalProperties: false },
);
export type Overview = Static<typeof OverviewSchema>;
