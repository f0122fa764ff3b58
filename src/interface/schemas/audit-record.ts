import { Type, type Static } from '@sinclair/typebox';

/** The audit record of operation 1, field names exactly as the spec writes them. */
export const AuditRecordSchema = Type.Object(
  {
    slug: Type.String({ description: 'identifier of the audited project' }),
    name: Type.String({ description: 'project name' }),
    createdAt: Type.String({ format: 'date-time', description: 'creation time of the audit' }),
    reportFile: Type.String({ description: 'location of the report file (URL)' }),
    reportUrl: Type.String({ description: 'page of the report (URL)' }),
    finishedAt: Type.String({ format: 'date-time', description: 'completion time' }),
    address: Type.String({ description: 'contract address' }),
    network: Type.String({ description: 'network symbol' }),
  },
  { $id: 'AuditRecord', additionalProperties: false },
);

export type AuditRecord = Static<typeof AuditRecordSchema>;

/** Error bodies: one field, `message`. */
export const MessageSchema = Type.Object({ message: Type.String() }, { $id: 'Message' });

/** A 503: the message, and which source failed and why. */
export const UnavailableSchema = Type.Object(
  {
    message: Type.String(),
    meta: Type.Optional(Type.Object({ source: Type.String(), reason: Type.String() })),
  },
  { $id: 'Unavailable' },
);
