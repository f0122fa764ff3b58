/**
 * Shapes of the dashboard's scans API (issue 15; docs/dashboard-scans-api.md): one source
 * of truth for the routes' OpenAPI document and the TypeScript types.
 */
import { Type, type Static } from '@sinclair/typebox';

export const SCAN_KINDS = ['url', 'address', 'files', 'zip', 'repository'] as const;
export type DashboardScanKind = (typeof SCAN_KINDS)[number];
export const SCAN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DashboardScanStatus = (typeof SCAN_STATUSES)[number];
export const STAGE_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const RepositoryRefSchema = Type.Object(
  {
    host: Type.Union([Type.Literal('github'), Type.Literal('gitlab')]),
    fullName: Type.String({ description: 'owner/name (GitLab: the full namespace path)' }),
    ref: Nullable(Type.String()),
    path: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type RepositoryRef = Static<typeof RepositoryRefSchema>;

export const ScanSummarySchema = Type.Object(
  {
    id: Type.String(),
    kind: literals(SCAN_KINDS),
    status: literals(SCAN_STATUSES),
    title: Type.String(),
    network: Nullable(Type.String()),
    address: Nullable(Type.String()),
    repository: Type.Union([RepositoryRefSchema, Type.Null()]),
    visibility: Type.Union([Type.Literal('public'), Type.Literal('private')], {
      description: 'private: uploads and private repositories, readable only by their account',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type ScanSummary = Static<typeof ScanSummarySchema>;

export const StageSchema = Type.Object(
  {
    name: Type.String({ description: 'input, then the sources of the scan (chain, analysis, similarity, simulation…), then score' }),
    status: literals(STAGE_STATUSES),
    message: Nullable(Type.String()),
    finishedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type Stage = Static<typeof StageSchema>;

export const ScanDetailSchema = Type.Object(
  {
    scan: ScanSummarySchema,
    stages: Type.Array(StageSchema),
    error: Type.Union([Type.Object({ message: Type.String() }), Type.Null()]),
    result: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: '`{type: "address", auditLayout, auditResource, meta, sources}` or `{type: "source", sources, report, meta}`',
    }),
  },
  { $id: 'DashboardScanDetail' },
);

export const ScanInputErrorSchema = Type.Object(
  {
    message: Type.String(),
    field: Type.Optional(Type.String({ description: 'the input the message belongs to' })),
    limit: Type.Optional(Type.Number()),
    connect: Type.Optional(Type.Boolean({ description: 'a private GitHub repository: Connect grants it' })),
  },
  { $id: 'ScanInputError' },
);

export const RepositoryCheckSchema = Type.Object(
  {
    ...RepositoryRefSchema.properties,
    visibility: Type.Union([Type.Literal('public'), Type.Literal('private')]),
    importable: Type.Boolean(),
    connect: Type.Boolean(),
    message: Nullable(Type.String()),
  },
  { $id: 'RepositoryCheck', additionalProperties: false },
);
export type RepositoryCheck = Static<typeof RepositoryCheckSchema>;

export const GrantedRepositorySchema = Type.Object(
  { fullName: Type.String(), private: Type.Boolean(), defaultBranch: Type.String(), url: Type.String() },
  { additionalProperties: false },
);
export type GrantedRepository = Static<typeof GrantedRepositorySchema>;
