/**
 * The dashboard's scans (issue 15; docs/dashboard-scans-api.md): create a scan from a
 * contract URL, an address, uploaded .sol files, a ZIP or a repository; follow its stages
 * (server-sent events or polling); read its result and export it as JSON or SARIF; list
 * the account's scans. Registered inside the dashboard's session scope: the session
 * cookie authenticates, and the scope's hook enforces CSRF on POST.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import {
  ScanDetailSchema,
  ScanInputErrorSchema,
  ScanNetworkSchema,
  ScanSummarySchema,
  type ScanDetail,
} from '../../interface/schemas/dashboard-scans.ts';
import type { NetworkOptions } from '../../chain/networks.ts';
import { addressNetworks, targetFromAddress, targetFromUrl } from '../../dashboard-scans/scan-target.ts';
import { ScanInputError } from '../../dashboard-scans/scan-input-error.ts';
import { sourcesFromFiles, type UploadedFile } from '../../dashboard-scans/uploaded-files.ts';
import { readSolZip } from '../../dashboard-scans/read-sol-zip.ts';
import { DEFAULT_UPLOAD_LIMITS, mib, type UploadLimits } from '../../dashboard-scans/upload-limits.ts';
import type { DashboardScanRepository, DashboardScanRecord } from '../../dashboard-scans/dashboard-scan-repository.ts';
import type { DashboardScanRunner, ScanEvent } from '../../dashboard-scans/dashboard-scan-runner.ts';
import { toSarif } from '../../dashboard-scans/sarif.ts';
import type { RepositoryImporter } from '../../codehosts/repository-importer-types.ts';
import { HttpError } from '../http-error.ts';
import { isAppError } from '../../errors/app-error.ts';
import { accountIdOf, requireAccountId } from './account.ts';
import { declaresSolidityUnit } from '../../analysis/solidity/declares-unit.ts';
import { startEventStream } from '../event-stream.ts';

const M = MESSAGES.dashboardScans;

/** An API key of the account (`x-api-key`) or the browser session (cookie, with its CSRF token). */
const ACCOUNT_ONLY = [{ apiKey: [] }, { session: [] }];
/** The same, or nobody for a public scan. */
const ACCOUNT_OR_PUBLIC = [...ACCOUNT_ONLY, {}];

/**
 * The request body as documented (validated by hand, per input, for its messages): JSON for
 * `url`, `address` and `repository`; multipart/form-data for `files` and `zip`, each with
 * the limits this server holds it to (its `UploadLimits`, so the document tells the truth
 * when they are configured otherwise).
 */
export function scanRequestBody(limits: UploadLimits) {
  const url = (description: string) => Type.String({ minLength: 1, description });
  const json = Type.Union([
    Type.Object({ kind: Type.Literal('url'), url: url('an explorer link to the contract, e.g. https://etherscan.io/token/0x…') }),
    Type.Object({
      kind: Type.Literal('address'),
      network: Type.String({ description: 'a network symbol from /api/scans/networks' }),
      address: Type.String({ description: 'the token address' }),
    }),
    Type.Object({ kind: Type.Literal('repository'), url: url('a GitHub or GitLab repository, branch or folder URL') }),
  ]);
  const perFile = mib(limits.maxFileBytes);
  const total = mib(limits.maxTotalBytes);
  const archive = mib(limits.maxArchiveBytes);
  const form = Type.Union([
    Type.Object({
      kind: Type.Optional(Type.Literal('files', { description: 'files, the default without a zip part' })),
      files: Type.Array(
        Type.String({
          format: 'binary',
          contentMediaType: 'text/plain',
          description: `one .sol file (its name ends in .sol), at most ${perFile} MiB`,
          'x-max-bytes': limits.maxFileBytes,
        }),
        {
          minItems: 1,
          maxItems: limits.maxFiles,
          description:
            `.sol files, one part each: at most ${limits.maxFiles} files, ${perFile} MiB each, ${total} MiB in total; ` +
            'each must declare a contract, interface or library (413 past a limit, with `limit`)',
          'x-max-total-bytes': limits.maxTotalBytes,
        },
      ),
    }),
    Type.Object({
      kind: Type.Optional(Type.Literal('zip', { description: 'zip, the default with a zip part' })),
      zip: Type.String({
        format: 'binary',
        contentMediaType: 'application/zip',
        description:
          `one .zip archive of .sol files: at most ${archive} MiB, ${limits.maxArchiveEntries} entries and ` +
          `${limits.maxInflateRatio}× inflation per entry; other file types are ignored (413 past a limit, with \`limit\`)`,
        'x-max-bytes': limits.maxArchiveBytes,
        'x-max-entries': limits.maxArchiveEntries,
        'x-max-inflate-ratio': limits.maxInflateRatio,
      }),
    }),
  ]);
  return { content: { 'application/json': { schema: json }, 'multipart/form-data': { schema: form } } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when every dashboard scan started so far has finished (tests wait on it instead of sleeping). */
    dashboardScansIdle: () => Promise<void>;
  }
}

export interface DashboardScanRoutesDeps {
  readonly repository: DashboardScanRepository;
  readonly runner: DashboardScanRunner;
  readonly networks: NetworkOptions;
  /** Repository import (GitHub, GitLab); absent: repository scans answer 503. */
  readonly repositories?: RepositoryImporter;
  /** The version SARIF exports name. */
  readonly toolVersion: string;
  readonly limits?: UploadLimits;
  /** Scans an account may have queued or running at once. */
  readonly maxRunningPerAccount?: number;
  readonly now: () => Date;
  /** How often an open event stream checks the database for an end decided elsewhere; default 5 s. */
  readonly endWatchMs?: number;
}

const isFinished = (status: string) => status === 'done' || status === 'failed';

const errors = {
  400: ScanInputErrorSchema,
  401: MessageSchema,
  403: ScanInputErrorSchema,
  404: ScanInputErrorSchema,
  413: ScanInputErrorSchema,
};
/** A scan still running after this long was left by a process that stopped (the longest scan takes about a minute). */
export const ABANDONED_AFTER_MS = 15 * 60_000;
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const dashboardScanRoutes: FastifyPluginAsyncTypebox<DashboardScanRoutesDeps> = async (app, deps) => {
  const limits = deps.limits ?? DEFAULT_UPLOAD_LIMITS;
  const tags = ['dashboard scans'];
  await app.register(multipart, {
    // One archive is the largest part; .sol parts are held to their own limit as they arrive.
    limits: {
      fileSize: limits.maxArchiveBytes + 1,
      files: limits.maxFiles + 1,
      fields: 4,
      fieldSize: 64,
      parts: limits.maxFiles + 5,
      headerPairs: 100,
    },
  });

  /** A scan the caller may read: their own, or anyone's public one; otherwise 404 (its existence is not told). */
  const readable = async (request: FastifyRequest, id: string): Promise<DashboardScanRecord> => {
    const record = await deps.repository.find(id);
    if (!record || (record.summary.visibility === 'private' && record.accountId !== accountIdOf(request)))
      throw new HttpError(404, MESSAGES.common.notFound);
    return record;
  };

  app.get(
    '/api/scans/networks',
    {
      schema: {
        summary: 'The networks a scan by address accepts',
        tags,
        response: {
          200: Type.Object({ networks: Type.Array(ScanNetworkSchema) }),
        },
      },
    },
    async () => ({ networks: addressNetworks(deps.networks).map((n) => ({ symbol: n.symbol, name: n.name, family: n.family })) }),
  );

  app.post(
    '/api/scans',
    {
      schema: {
        summary: 'Create a scan: a contract URL, an address, .sol files, a ZIP or a repository',
        description:
          'JSON `{kind: "url", url}`, `{kind: "address", network, address}`, `{kind: "repository", url}`; or multipart/form-data with ' +
          '`kind=files` and `files` parts (.sol), or `kind=zip` and one `zip` part. ' +
          `Limits: ${limits.maxFiles} files, ${mib(limits.maxFileBytes)} MiB a file, ${mib(limits.maxTotalBytes)} MiB in total; ` +
          `a ZIP of at most ${mib(limits.maxArchiveBytes)} MiB, ${limits.maxArchiveEntries} entries and ${limits.maxInflateRatio}× inflation. ` +
          'Answers 202 with the scan; follow it with /api/scans/{id}/events.',
        tags,
        security: ACCOUNT_ONLY,
        body: scanRequestBody(limits),
        response: { 202: Type.Object({ scan: ScanSummarySchema }), ...errors, 429: MessageSchema, 503: ScanInputErrorSchema },
      },
      // Checked by hand for messages per input (Ajv's would not say which input is wrong).
      validatorCompiler: () => () => true,
      bodyLimit: 64 * 1024,
      // Issue 29: a paste past the JSON body limit says the limit, not only "too large".
      config: { clientError: (error) => (error.statusCode === 413 ? new HttpError(413, M.bodyTooLarge(64)) : undefined) },
    },
    async (request, reply) => {
      const session = { accountId: requireAccountId(request) };
      const max = deps.maxRunningPerAccount ?? 5;
      // Only recent scans count: one left running by a process that stopped must not block the account.
      const since = new Date(deps.now().getTime() - ABANDONED_AFTER_MS).toISOString();
      if ((await deps.repository.countRunning(session.accountId, since)) >= max)
        throw new HttpError(429, `At most ${max} scans can run at once: wait for one to finish`);
      const scan = await (async () => {
        if (request.isMultipart()) {
          const upload = await readUpload(request, limits);
          if (!deps.runner.canScanSources) throw new ScanInputError(MESSAGES.common.serviceUnavailable, upload.kind, 503);
          if (upload.kind === 'files') {
            const sources = refuseNonSolidity(sourcesFromFiles(upload.files, limits), 'files');
            const names = Object.keys(sources);
            return deps.runner.startSource({
              accountId: session.accountId,
              kind: 'files',
              title: names.length === 1 ? names[0]! : `${names.length} files`,
              visibility: 'private',
              repository: null,
              sources,
              ignoredEntries: 0,
            });
          }
          const archive = upload.files[0];
          if (!archive) throw new ScanInputError(M.zipRequired, 'zip');
          const content = await readSolZip(archive.bytes, limits, { field: 'zip' });
          refuseNonSolidity(content.sources, 'zip');
          return deps.runner.startSource({
            accountId: session.accountId,
            kind: 'zip',
            title: archive.name || 'archive.zip',
            visibility: 'private',
            repository: null,
            sources: content.sources,
            ignoredEntries: content.ignoredEntries,
          });
        }
        const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
        switch (body.kind) {
          case 'url':
          case 'address': {
            const target =
              body.kind === 'url'
                ? targetFromUrl(body.url, deps.networks, request.host)
                : targetFromAddress(body.network, body.address, deps.networks);
            if (!deps.runner.canScanAddresses) throw new ScanInputError(MESSAGES.common.serviceUnavailable, body.kind, 503);
            return deps.runner.startAddress({
              accountId: session.accountId,
              kind: body.kind,
              network: target.network.symbol,
              address: target.address,
            });
          }
          case 'repository': {
            if (!deps.repositories) throw new ScanInputError(MESSAGES.common.serviceUnavailable, 'repository', 503);
            const imported = await deps.repositories.fetch(body.url, session.accountId);
            if (!deps.runner.canScanSources) throw new ScanInputError(MESSAGES.common.serviceUnavailable, 'repository', 503);
            const { ref } = imported;
            return deps.runner.startSource({
              accountId: session.accountId,
              kind: 'repository',
              title: `${ref.fullName}${ref.ref ? `@${ref.ref}` : ''}${ref.path ? `:${ref.path}` : ''}`,
              visibility: imported.visibility,
              repository: ref,
              sources: imported.sources,
              ignoredEntries: imported.ignoredEntries,
            });
          }
          default:
            throw new ScanInputError(M.kindRequired, 'kind');
        }
      })();
      return reply.code(202).header('location', `/api/scans/${scan.id}`).send({ scan });
    },
  );

  app.get(
    '/api/scans',
    {
      schema: {
        summary: "The account's scans, newest first",
        tags,
        security: ACCOUNT_ONLY,
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })) }),
        response: { 200: Type.Object({ scans: Type.Array(ScanSummarySchema) }), 400: MessageSchema, 401: MessageSchema },
      },
    },
    async (request) => {
      const accountId = requireAccountId(request);
      return { scans: await deps.repository.listForAccount(accountId, request.query.limit ?? 50) };
    },
  );

  app.get(
    '/api/scans/:id',
    {
      schema: {
        summary: 'A scan: its stages while it runs, its result when done (public scans need no session)',
        tags,
        security: ACCOUNT_OR_PUBLIC,
        params: IdParams,
        response: { 200: ScanDetailSchema, 404: MessageSchema },
      },
    },
    async (request) => detail(await readable(request, request.params.id)),
  );

  app.get(
    '/api/scans/:id/json',
    {
      schema: {
        summary: 'The scan as a JSON download',
        tags,
        security: ACCOUNT_OR_PUBLIC,
        params: IdParams,
        response: { 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const record = await readable(request, request.params.id);
      // (The untyped reply: the body is JSON text, pretty-printed for a download.)
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="scopeward-${record.summary.id}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(detail(record), null, 2));
    },
  );

  app.get(
    '/api/scans/:id/sarif',
    {
      schema: {
        summary: 'The findings as SARIF 2.1.0 (a download)',
        tags,
        security: ACCOUNT_OR_PUBLIC,
        params: IdParams,
        response: { 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const record = await readable(request, request.params.id);
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="scopeward-${record.summary.id}.sarif"`)
        .type('application/sarif+json; charset=utf-8')
        .send(JSON.stringify(toSarif(record, deps.toolVersion), null, 2));
    },
  );

  app.get(
    '/api/scans/:id/events',
    {
      schema: {
        summary: 'Server-sent events: each stage as it finishes (the finished ones first), then `end`',
        tags,
        security: ACCOUNT_OR_PUBLIC,
        params: IdParams,
        produces: ['text/event-stream'],
        response: { 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      await readable(request, id);
      const raw = startEventStream(reply, { 'cache-control': 'no-store' });
      const write = (event: ScanEvent) => {
        if (raw.writableEnded) return;
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.type === 'stage' ? event.stage : event.scan)}\n\n`);
        if (event.type === 'end') {
          stop();
          raw.end();
        }
      };
      // Subscribe before reading the record, so nothing that happens in between is lost.
      const queued: ScanEvent[] = [];
      let replaying = true;
      const unsubscribe = deps.runner.subscribe(id, (event) => (replaying ? queued.push(event) : write(event)));
      // The scan may end in another process (its owner on another replica, or a replica that
      // closed it as interrupted): this stream hears of it from the database.
      const watch = setInterval(() => {
        deps.repository.find(id).then(
          (record) => {
            if (!replaying && record && isFinished(record.summary.status)) write({ type: 'end', scan: record.summary });
          },
          () => {},
        );
      }, deps.endWatchMs ?? 5_000);
      watch.unref();
      const stop = () => {
        clearInterval(watch);
        unsubscribe();
      };
      request.raw.on('close', stop);
      try {
        const record = await deps.repository.find(id);
        if (!record) return write({ type: 'end', scan: { id } as never });
        for (const stage of record.stages) if (stage.status !== 'pending') write({ type: 'stage', stage });
        replaying = false;
        if (isFinished(record.summary.status)) return write({ type: 'end', scan: record.summary });
        for (const event of queued.splice(0)) write(event);
      } catch (error) {
        request.log.error({ err: error }, 'scan events failed');
        stop();
        raw.end();
      }
    },
  );

  function detail(record: DashboardScanRecord) {
    return {
      scan: record.summary,
      stages: record.stages,
      error: record.error === null ? null : { message: record.error },
      // Stored JSON: the response schema (ScanDetailSchema) checks it on the way out.
      result: record.result as ScanDetail['result'],
    };
  }
};

interface Upload {
  readonly kind: 'files' | 'zip';
  readonly files: UploadedFile[];
}

/** Reads the multipart parts, holding .sol parts to the file limits and an archive to its own as the bytes arrive. */
async function readUpload(request: FastifyRequest, limits: UploadLimits): Promise<Upload> {
  let kind: string | undefined;
  const files: UploadedFile[] = [];
  const archives: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') kind = String(part.value);
        continue;
      }
      if (part.fieldname === 'zip') {
        if (archives.length > 0) throw new ScanInputError(M.zipRequired, 'zip');
        const bytes = await readStream(
          part.file,
          limits.maxArchiveBytes,
          () => new ScanInputError(M.zipTooLarge(mib(limits.maxArchiveBytes)), 'zip', 413, { limit: limits.maxArchiveBytes }),
        );
        archives.push({ name: part.filename, bytes });
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      if (files.length >= limits.maxFiles)
        throw new ScanInputError(M.tooManyFiles(limits.maxFiles), 'files', 413, { limit: limits.maxFiles });
      const bytes = await readStream(
        part.file,
        limits.maxFileBytes,
        () => new ScanInputError(M.fileTooLarge(part.filename, mib(limits.maxFileBytes)), 'files', 413, { limit: limits.maxFileBytes }),
      );
      total += bytes.length;
      if (total > limits.maxTotalBytes)
        throw new ScanInputError(M.totalTooLarge(mib(limits.maxTotalBytes)), 'files', 413, { limit: limits.maxTotalBytes });
      files.push({ name: part.filename, bytes });
    }
  } catch (error) {
    // The family (the limits above) answers as it is; Fastify's multipart limits are worded here.
    if (isAppError(error)) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new ScanInputError(M.tooManyFiles(limits.maxFiles), 'files', 413, { limit: limits.maxFiles });
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ScanInputError(M.zipTooLarge(mib(limits.maxArchiveBytes)), 'zip', 413, { limit: limits.maxArchiveBytes });
    throw new HttpError(400, MESSAGES.common.badRequest);
  }
  const chosen = kind ?? (archives.length > 0 ? 'zip' : 'files');
  if (chosen === 'zip') {
    if (archives.length === 0) throw new ScanInputError(M.zipRequired, 'zip');
    return { kind: 'zip', files: archives };
  }
  if (chosen !== 'files') throw new ScanInputError(M.kindRequired, 'kind');
  return { kind: 'files', files };
}

/** The stream's bytes, or the error `tooLarge` makes as soon as they pass `max` (the rest is drained unread). */
async function readStream(stream: NodeJS.ReadableStream, max: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > max) {
      stream.resume();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Uploads whose .sol files declare no contract, interface or library are not Solidity
 * (a renamed README once scored 95 with "No findings"): refused with the CLI's words.
 */
function refuseNonSolidity(sources: Record<string, string>, field: 'files' | 'zip'): Record<string, string> {
  const names = Object.keys(sources);
  if (names.some((name) => declaresSolidityUnit(sources[name]!))) return sources;
  throw new ScanInputError(M.notSolidity(names.length === 1 ? names[0]! : `the ${names.length} .sol files`), field);
}
