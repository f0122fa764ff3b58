/**
 * Shapes of the dashboard's scans API (issue 15; docs/dashboard-scans-api.md): one source
 * of truth for the routes' OpenAPI document and the TypeScript types.
 */
import { Type, type Static, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox';
import {
  AuditLayoutSchema,
  ScanMetaSchema,
  SmartAuditSchema,
  SimilaritySchema,
  DataSourceReportSchema,
  TaxesSchema,
} from './audit-layout.ts';
import {
  AnalysisDiagnosticSchema,
  ContractSummarySchema,
  ScanFindingSchema,
  ScoreFactorSchema,
  SourceSimulationSchema,
} from './scan-evidence.ts';
import { VerdictSchema } from './verdict.ts';

export const SCAN_KINDS = ['url', 'address', 'files', 'zip', 'repository'] as const;
export type DashboardScanKind = (typeof SCAN_KINDS)[number];
export const SCAN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DashboardScanStatus = (typeof SCAN_STATUSES)[number];
export const STAGE_STATUSES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type StageStatus = (typeof STAGE_STATUSES)[number];

/** One literal per value; the return type keeps the values (a plain map would widen them to string). */
const literals = <T extends readonly string[]>(values: T): TUnion<TLiteral<T[number]>[]> => Type.Union(values.map((v) => Type.Literal(v)));
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

/** A schema without its `$id`: a part that appears twice in one document (ids must be unique there). */
function unnamed<T extends TSchema>(schema: T): T {
  const { $id: _id, ...rest } = schema;
  return rest as T;
}

/** The verified source files of a scan, by path (address scans: the explorer's; source scans: the upload). */
const SourcesSchema = Type.Record(Type.String(), Type.String(), { description: 'source text by path' });

/** An address scan's result: the spec's scan result plus the verified sources it read. */
export const AddressResultSchema = Type.Object(
  {
    type: Type.Literal('address'),
    auditLayout: AuditLayoutSchema,
    auditResource: Type.Null(),
    meta: ScanMetaSchema,
    sources: SourcesSchema,
  },
  { additionalProperties: false },
);
export type AddressResult = Static<typeof AddressResultSchema>;

/** What a source scan cannot say, and why (no deployed token). */
const NotApplicableSchema = Type.Object({ field: Type.String(), reason: Type.String() }, { additionalProperties: false });

/** A source scan's result (uploaded files, a zip or a repository): the report of the code alone. */
export const SourceResultSchema = Type.Object(
  {
    type: Type.Literal('source'),
    sources: SourcesSchema,
    skipped: Type.Optional(Type.Array(Type.Object({ path: Type.String(), reason: Type.String() }, { additionalProperties: false }))),
    report: Type.Object(
      {
        smartAudit: unnamed(SmartAuditSchema),
        findings: Type.Array(ScanFindingSchema),
        similarity: SimilaritySchema,
        taxes: Type.Union([unnamed(TaxesSchema), Type.Null()]),
        score: Type.Object(
          { security: Type.Union([Type.Number(), Type.Null()]), total: Type.Null(), rank: Type.Union([Type.String(), Type.Null()]) },
          { additionalProperties: false },
        ),
        contracts: Type.Array(ContractSummarySchema),
        diagnostics: Type.Array(AnalysisDiagnosticSchema),
      },
      { additionalProperties: false },
    ),
    meta: Type.Object(
      {
        sources: Type.Record(Type.String(), DataSourceReportSchema),
        simulation: Type.Union([SourceSimulationSchema, Type.Null()]),
        scoreFactors: Type.Array(ScoreFactorSchema),
        notApplicable: Type.Array(NotApplicableSchema),
        verdict: Type.Optional(unnamed(VerdictSchema)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type SourceResult = Static<typeof SourceResultSchema>;

export const ScanDetailSchema = Type.Object(
  {
    scan: ScanSummarySchema,
    stages: Type.Array(StageSchema),
    error: Type.Union([Type.Object({ message: Type.String() }), Type.Null()]),
    result: Type.Union([AddressResultSchema, SourceResultSchema, Type.Null()], {
      description: '`{type: "address", auditLayout, auditResource, meta, sources}` or `{type: "source", sources, report, meta}`',
    }),
  },
  { $id: 'DashboardScanDetail' },
);
export type ScanDetail = Static<typeof ScanDetailSchema>;

/** A network a scan by address accepts (`GET /api/scans/networks`). */
export const ScanNetworkSchema = Type.Object({
  symbol: Type.String(),
  name: Type.String(),
  family: Type.Union([Type.Literal('evm'), Type.Literal('solana')]),
});
export type ScanNetwork = Static<typeof ScanNetworkSchema>;

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
