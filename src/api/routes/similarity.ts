/**
 * Similarityscan: POST /api/search/similarity ({type: "address" | "source"}) answers
 * `{ranks, contracts, source}` against the reference corpus. Same key and rate-limit
 * rules as operation 3 (Cyberscan). Also the operator's corpus endpoints under
 * /admin/corpus (admin key).
 */
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { SimilarityIndex } from '../../analysis/similarity/similarity-index.ts';
import type { CorpusService } from '../../corpus/corpus-service.ts';
import { compareInProcess, type CompareSimilarity } from '../../corpus/similarity-pool.ts';
import { EVM_ADDRESS_PATTERN } from '../../interface/address.ts';
import { MESSAGES } from '../../interface/messages.ts';
import { chooseNetworkFrom, networksFor, type NetworkOptions } from '../../chain/networks.ts';
import { type AccessGate, KEY_OPTIONAL } from '../access.ts';
import { HttpError } from '../http-error.ts';
import { refuseWith, symbolPattern } from '../validation.ts';

const M = MESSAGES.cyberscan;

const SM = MESSAGES.similarity;

export interface SimilarityRoutesDeps {
  readonly gate: AccessGate;
  readonly networks: NetworkOptions;
  readonly corpus: Pick<CorpusService, 'index' | 'addReference' | 'removeReference' | 'list'>;
  /** Where the comparison runs (the server's worker pool); in process by default. */
  readonly compare?: CompareSimilarity;
  /** Verified source files of a contract (path -> text), null when not verified. */
  readonly getVerifiedSource?: (network: string, address: string) => Promise<Readonly<Record<string, string>> | null>;
}

const Rank = Type.Object({ score: Type.Number({ minimum: 0, maximum: 1 }), origin: Type.String(), file: Type.String() });
const ContractMatch = Type.Object({
  name: Type.String(),
  start: Type.Integer({ description: 'character offset into `source` where the matching region starts' }),
  end: Type.Integer({ description: 'character offset into `source` where it ends (exclusive)' }),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  origin: Type.String(),
  file: Type.String(),
});
const SimilarityResponse = Type.Object({ ranks: Type.Array(Rank), contracts: Type.Array(ContractMatch), source: Type.String() });
const Message = Type.Object({ message: Type.String() });
const UnavailableMessage = Type.Object({
  message: Type.String(),
  meta: Type.Optional(Type.Object({ source: Type.String(), reason: Type.String() })),
});

/**
 * The files of a `source` field: a standard-JSON input or `{path: {content}}` map as
 * explorers return multi-file verifications, otherwise one file.
 */
export function sourcesFromText(text: string): Record<string, string> {
  const trimmed = text.trim().replace(/^\{\{([\s\S]*)\}\}$/, '{$1}');
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { sources?: Record<string, { content?: unknown }> } & Record<string, { content?: unknown }>;
      const map = parsed.sources ?? parsed;
      const files = Object.entries(map).filter((e): e is [string, { content: string }] => typeof e[1]?.content === 'string');
      if (files.length > 0) return Object.fromEntries(files.map(([path, f]) => [path, f.content]));
    } catch {
      // Not JSON: Solidity that starts with a brace is still Solidity.
    }
  }
  return { 'source.sol': text };
}

type SimilarityBody =
  | { readonly type: 'source'; readonly source: string }
  | { readonly type: 'address'; readonly address: string; readonly network?: string | null; readonly chainId?: number | null };

/** Either form, by `type`: a non-blank `source`, or an EVM `address` with its network (no default here). */
function similarityBodySchema(options: NetworkOptions) {
  const listed = networksFor('cyberscan', options);
  const symbols = listed.map((n) => n.symbol);
  const chainIds = listed.flatMap((n) => (n.chainId === null ? [] : [n.chainId]));
  return Type.Unsafe<SimilarityBody>({
    type: 'object',
    required: ['type'],
    properties: { type: { type: 'string', enum: ['address', 'source'] } },
    allOf: [
      {
        if: { type: 'object', properties: { type: { const: 'source' } } },
        then: {
          type: 'object',
          required: ['source'],
          properties: {
            source: { type: 'string', pattern: '\\S', description: 'Solidity source, or a standard-JSON input with several files' },
          },
        },
      },
      {
        if: { type: 'object', properties: { type: { const: 'address' } } },
        then: {
          type: 'object',
          required: ['address'],
          properties: {
            address: { type: 'string', pattern: EVM_ADDRESS_PATTERN },
            chainId: { anyOf: [{ type: 'integer', enum: chainIds }, { type: 'null' }] },
            network: { anyOf: [{ type: 'string', pattern: symbolPattern(symbols) }, { type: 'null' }], description: symbols.join(', ') },
          },
        },
      },
    ],
  });
}

/** The order of checks: the type, then the source, or the address and then its network. */
const refuseSimilarity = refuseWith([
  { field: '', invalid: () => new HttpError(400, SM.badType) },
  { field: 'type', invalid: () => new HttpError(400, SM.badType) },
  { field: 'source', invalid: () => new HttpError(400, SM.sourceRequired) },
  { field: 'address', invalid: () => new HttpError(400, M.invalidAddress) },
  { field: 'network', invalid: () => new HttpError(400, M.invalidNetwork) },
  { field: 'chainId', invalid: () => new HttpError(400, M.invalidNetwork) },
]);

function networkOf(body: { network?: string | null; chainId?: number | null }, options: NetworkOptions): string {
  // The same reading of network and chainId as every other route; no default network here.
  const choice = chooseNetworkFrom('cyberscan', { network: body.network, chainId: body.chainId }, 'body', '', options);
  if ('invalid' in choice) throw new HttpError(400, M.invalidNetwork);
  return choice.network.symbol;
}

async function readyIndex(corpus: SimilarityRoutesDeps['corpus']): Promise<SimilarityIndex> {
  try {
    return await corpus.index();
  } catch {
    throw new HttpError(503, SM.corpusUnavailable);
  }
}

export const similarityRoutes: FastifyPluginAsyncTypebox<SimilarityRoutesDeps> = async (app, deps) => {
  const compare = deps.compare ?? compareInProcess;
  app.post(
    '/api/search/similarity',
    {
      schema: {
        summary: 'Similarityscan: which well-known sources a contract copies',
        description:
          'Compares Solidity source (type "source") or the verified source of a contract (type "address") with the reference corpus (OpenZeppelin 2-5, Uniswap V2, solmate, solady and operator-added templates). `ranks`: reference files found in the source, score = share of the reference file present. `contracts`: per contract of the source, its best reference match, score = share of the contract found in that reference, start/end = character offsets into `source`.',
        tags: ['similarity'],
        security: KEY_OPTIONAL,
        body: similarityBodySchema(deps.networks),
        response: { 200: SimilarityResponse, 400: Message, 403: Message, 404: Message, 429: Message, 503: UnavailableMessage },
      },
      schemaErrorFormatter: refuseSimilarity,
      onRequest: deps.gate({
        bucket: 'similarity',
        keyRequired: false,
        invalidKey: () => new HttpError(403, M.invalidApiKey),
        tooManyRequests: () => new HttpError(429, M.tooManyRequests),
      }),
    },
    async (request) => {
      const body = request.body;
      let sources: Readonly<Record<string, string>>;
      if (body.type === 'source') sources = sourcesFromText(body.source);
      else {
        const network = networkOf(body, deps.networks);
        if (!deps.getVerifiedSource) throw new HttpError(503, SM.noSourceProvider);
        const verified = await deps.getVerifiedSource(network, body.address);
        if (!verified) throw new HttpError(404, SM.notVerified);
        sources = verified;
      }
      const index = await readyIndex(deps.corpus);
      // The client bounds its own queue of searches: a key's id, else its address.
      return compare(index, sources, {
        client: request.apiKey
          ? `key:${request.apiKey.id}`
          : request.signedInAccountId
            ? `account:${request.signedInAccountId}`
            : `ip:${request.ip}`,
      });
    },
  );

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<TypeBoxTypeProvider>();
    admin.addHook(
      'onRequest',
      deps.gate({ bucket: 'admin', keyRequired: true, invalidKey: () => new HttpError(401, MESSAGES.audits.invalidApiKey) }),
    );
    // In onRequest after the key check: a non-admin is refused before its body is read or validated.
    admin.addHook('onRequest', async (request) => {
      if (request.apiKey?.scope !== 'admin') throw new HttpError(403, MESSAGES.common.forbidden);
    });
    const Document = Type.Object({
      file: Type.String(),
      origin: Type.String(),
      kind: Type.String(),
      packageName: Type.Union([Type.String(), Type.Null()]),
      addedAt: Type.String(),
    });

    admin.get(
      '/admin/corpus',
      {
        schema: {
          summary: 'Reference corpus documents',
          tags: ['admin'],
          response: { 200: Type.Object({ total: Type.Integer(), items: Type.Array(Document) }), 401: Message, 403: Message },
        },
      },
      async () => {
        const items = await deps.corpus.list();
        return { total: items.length, items };
      },
    );

    admin.post(
      '/admin/corpus',
      {
        schema: {
          summary: 'Add (or replace) a reference source under a label, e.g. a known scam template',
          tags: ['admin'],
          body: Type.Object({ label: Type.String(), origin: Type.String(), source: Type.String() }),
          response: { 201: Document, 400: Message, 401: Message, 403: Message, 503: Message },
        },
      },
      async (request, reply) => {
        await readyIndex(deps.corpus);
        const doc = await deps.corpus.addReference({
          label: request.body.label,
          origin: request.body.origin,
          content: request.body.source,
        });
        return reply
          .code(201)
          .send({ file: doc.file, origin: doc.origin, kind: doc.kind, packageName: doc.packageName, addedAt: doc.addedAt });
      },
    );

    admin.delete(
      '/admin/corpus',
      {
        schema: {
          summary: 'Remove an operator-added reference source by label',
          tags: ['admin'],
          querystring: Type.Object({ label: Type.String() }),
          response: { 200: Type.Object({ removed: Type.Boolean() }), 400: Message, 401: Message, 403: Message, 404: Message },
        },
      },
      async (request) => {
        if (!(await deps.corpus.removeReference(request.query.label))) throw new HttpError(404, MESSAGES.common.notFound);
        return { removed: true };
      },
    );
  });
};
