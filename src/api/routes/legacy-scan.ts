/**
 * Operation 4 (deprecated): POST /api/search/contract — an audit report of an address
 * or of source code. Its response shape is ours (the spec leaves it open; see
 * docs/decisions/0054-operation-4-legacy-scan.md). Every answer carries Deprecation, Sunset and a Link to cyberscan.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema, UnavailableSchema } from '../../interface/schemas/audit-record.ts';
import { SimilaritySchema, SmartAuditSchema, TaxesSchema, type ScanResult } from '../../interface/schemas/audit-layout.ts';
import type { NetworkOptions } from '../../chain/networks.ts';
import type { ScanService } from '../../scan/scan-service.ts';
import type { SourceScanResult } from '../../scan/scan-source.ts';
import { HttpError } from '../http-error.ts';
import { scanError } from '../scan-error-answers.ts';
import type { AccessGate } from '../access.ts';
import { resolveScanTarget, scanTargetProperties, SCAN_BUCKET, SCAN_TARGET_RULES, type ScanTargetBody } from './cyberscan.ts';
import { refuseWith } from '../validation.ts';
import { serializeInSlices } from '../sliced-json.ts';

/** When version 1 was deprecated and when it goes away (docs/decisions/0054-operation-4-legacy-scan.md). */
export const LEGACY_DEPRECATED_AT = Date.UTC(2026, 0, 1) / 1000;
export const LEGACY_SUNSET = new Date(Date.UTC(2027, 5, 30)).toUTCString();
/** Largest `source` accepted, in characters. */
export const MAX_SOURCE_CHARS = 5 * 1024 * 1024;

export interface LegacyScanDeps {
  readonly scans: ScanService;
  readonly scanSource: (sources: Readonly<Record<string, string>>, options?: { client?: string }) => Promise<SourceScanResult>;
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
  /** Where the successor lives, for the Link header; the request's own host when unset. */
  readonly baseUrl?: string | undefined;
}

const LegacyReportSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('address'), Type.Literal('source')]),
    network: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
    report: Type.Object({
      smartAudit: SmartAuditSchema,
      findings: Type.Array(Type.Unknown()),
      similarity: SimilaritySchema,
      taxes: Type.Union([TaxesSchema, Type.Null()]),
      score: Type.Object({
        security: Type.Union([Type.Number(), Type.Null()]),
        total: Type.Union([Type.Number(), Type.Null()]),
        rank: Type.String(),
      }),
      contracts: Type.Array(Type.Unknown()),
      diagnostics: Type.Array(Type.Unknown()),
    }),
    meta: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'LegacyReport' },
);

type LegacyBody = { readonly type: 'source'; readonly source: string } | ({ readonly type: 'address' } & ScanTargetBody);

/** Either form, by `type`: a non-blank `source` of at most MAX_SOURCE_CHARS, or a scan target. */
function legacyBodySchema(options: NetworkOptions) {
  return Type.Unsafe<LegacyBody>({
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: ['address', 'source'] } },
    allOf: [
      {
        if: { type: 'object', properties: { type: { const: 'source' } } },
        then: {
          type: 'object',
          required: ['source'],
          properties: { source: { type: 'string', pattern: '\\S', maxLength: MAX_SOURCE_CHARS, description: 'Solidity source' } },
        },
      },
      {
        if: { type: 'object', properties: { type: { const: 'address' } } },
        then: { type: 'object', required: ['address'], properties: scanTargetProperties('legacy', options) },
      },
    ],
  });
}

/** The order of checks: the type, then the source (absent or blank, then too long) or the scan target. */
const refuseLegacy = refuseWith([
  { field: '', invalid: () => new HttpError(400, MESSAGES.legacy.invalidType) },
  { field: 'type', invalid: () => new HttpError(400, MESSAGES.legacy.invalidType) },
  {
    field: 'source',
    invalid: () => new HttpError(400, MESSAGES.legacy.sourceRequired),
    tooLong: () => new HttpError(413, MESSAGES.common.payloadTooLarge),
  },
  ...SCAN_TARGET_RULES,
]);

function fromScan(result: ScanResult) {
  const layout = result.auditLayout;
  return {
    smartAudit: layout.smartAudit,
    findings: result.meta.findings,
    similarity: layout.similarity,
    taxes: result.meta.sources.simulation?.status === 'ok' ? layout.taxes : null,
    score: { security: layout.securityScore, total: layout.rawTotalScore === null ? null : layout.totalScore, rank: layout.rank },
    contracts: [],
    diagnostics: [],
  };
}

export const legacyScanRoutes: FastifyPluginAsyncTypebox<LegacyScanDeps> = async (app, deps) => {
  app.addHook('onSend', async (request, reply) => {
    const base = deps.baseUrl ?? `${request.protocol}://${request.host}`;
    reply.header('Deprecation', `@${LEGACY_DEPRECATED_AT}`);
    reply.header('Sunset', LEGACY_SUNSET);
    reply.header('Link', `<${base.replace(/\/$/, '')}/api/cyberscan>; rel="successor-version"`);
  });

  app.post(
    '/api/search/contract',
    {
      schema: {
        summary: 'Scan, version 1 (deprecated: use POST /api/cyberscan)',
        description:
          'An audit report (findings, smartAudit, similarity, taxes, score) of an address (`type: address`) or of Solidity source (`type: source`).',
        tags: ['scan'],
        deprecated: true,
        body: legacyBodySchema(deps.networks),
        response: {
          200: LegacyReportSchema,
          400: MessageSchema,
          403: MessageSchema,
          413: MessageSchema,
          429: MessageSchema,
          500: MessageSchema,
          503: UnavailableSchema,
        },
      },
      bodyLimit: MAX_SOURCE_CHARS * 2,
      schemaErrorFormatter: refuseLegacy,
      config: {
        clientError: (error) => (error.statusCode === 400 ? new HttpError(400, MESSAGES.common.badRequest) : undefined),
        errorAnswer: scanError,
      },
      onRequest: deps.gate({
        bucket: SCAN_BUCKET,
        keyRequired: false,
        invalidKey: () => new HttpError(403, MESSAGES.cyberscan.invalidApiKey),
        tooManyRequests: () => new HttpError(429, MESSAGES.cyberscan.tooManyRequests),
      }),
    },
    async (request, reply) => {
      const body = request.body;
      if (body.type === 'source') {
        const source = body.source;
        const started = performance.now();
        // The client bounds its own queue of analyses: a key's id, else its address.
        const result = await deps.scanSource(
          { 'contract.sol': source },
          { client: request.apiKey ? `key:${request.apiKey.id}` : `ip:${request.ip}` },
        );
        const answer = {
          type: 'source' as const,
          report: {
            smartAudit: result.smartAudit,
            findings: [...result.findings],
            similarity: result.similarity,
            taxes: result.taxes,
            score: { security: result.score.security, total: null, rank: result.score.rank },
            contracts: [...result.contracts],
            diagnostics: [...result.diagnostics],
          },
          meta: {
            sources: result.sources,
            simulation: result.simulation,
            scoreFactors: result.score.factors,
            durationMs: Math.round(performance.now() - started),
            verdict: result.verdict,
          },
        };
        // A large source's findings are megabytes of JSON: stringified in slices, so the
        // event loop answers /healthz in between (src/api/sliced-json.ts).
        const json = await serializeInSlices(
          answer,
          (a, slice) => ({ ...a, report: { ...a.report, findings: slice(a.report.findings), contracts: slice(a.report.contracts) } }),
          // The route's own serializer for a 200, so the bytes are those it would write.
          (a) => reply.serializeInput(a, '200') as string,
        );
        // Already JSON, as UTF-8 bytes: sent as they are. The typed `send` expects the
        // answer's object shape, hence the cast.
        return reply.type('application/json; charset=utf-8').send(json as never);
      }
      const target = resolveScanTarget(body, deps.networks, 'legacy');
      const result = await deps.scans.scan({ network: target.network.symbol, address: target.address });
      return {
        type: 'address' as const,
        network: target.network.symbol,
        address: result.auditLayout.contract.address,
        report: fromScan(result),
        meta: result.meta,
      };
    },
  );
};
