/**
 * Issue 33: a scan's receipt (same access as the scan: a private scan's receipt is its
 * owner's), the check anyone can run on a receipt, and the instance's public keys.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { MESSAGES } from '../../interface/messages.ts';
import { MessageSchema } from '../../interface/schemas/audit-record.ts';
import { KeysDocumentSchema, VerifyReceiptRequestSchema, VerifyReceiptResponseSchema } from '../../interface/schemas/receipts.ts';
import type { DashboardScanRepository } from '../../dashboard-scans/dashboard-scan-repository.ts';
import type { ReceiptIssuer } from '../../receipts/receipt-issuer.ts';
import { KEYS_PATH } from '../../receipts/receipt-issuer.ts';
import type { VerifyOutcome } from '../../receipts/verify-receipt.ts';
import { HttpError } from '../http-error.ts';
import { accountIdOf, requireAccountId } from './account.ts';

export interface ReceiptRoutesDeps {
  readonly repository: DashboardScanRepository;
  readonly issuer: ReceiptIssuer;
  /** The check of `scopeward verify` (signature, then replay unless `replay` is false). */
  readonly verify: (receipt: unknown, replay: boolean) => Promise<VerifyOutcome>;
}

const ACCOUNT_ONLY = [{ apiKey: [] }, { session: [] }];
const ACCOUNT_OR_PUBLIC = [...ACCOUNT_ONLY, {}];
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** `meta.simulation.receipt` of a stored scan result, when there is one. */
function receiptReference(result: Record<string, unknown> | null): { id: string | null; reason: string } | null {
  const meta = result?.meta as { simulation?: { receipt?: { id: string | null; reason: string } } } | undefined;
  return meta?.simulation?.receipt ?? null;
}

export const receiptRoutes: FastifyPluginAsyncTypebox<ReceiptRoutesDeps> = async (app, deps) => {
  const tags = ['receipts'];
  app.get(
    '/api/scans/:id/receipt',
    {
      schema: {
        summary: "The signed receipt of the scan's simulated verdict: every call with its outcome (public scans need no session)",
        description:
          'The receipt as stored (JSON; its signature covers its RFC 8785 canonical form). Check it with `scopeward verify receipt.json` or POST /api/receipts/verify.',
        tags,
        security: ACCOUNT_OR_PUBLIC,
        params: IdParams,
        response: { 404: MessageSchema },
      },
    },
    async (request, reply) => {
      const record = await deps.repository.find(request.params.id);
      if (!record || (record.summary.visibility === 'private' && record.accountId !== accountIdOf(request)))
        throw new HttpError(404, MESSAGES.common.notFound);
      const reference = receiptReference(record.result);
      if (!reference?.id)
        throw new HttpError(
          404,
          `This scan has no receipt: ${reference?.reason || 'its simulation did not run or finished before receipts were made'}`,
        );
      const receipt = await deps.issuer.find(reference.id);
      if (!receipt) throw new HttpError(404, 'This scan has no receipt: it is no longer stored');
      return (reply as FastifyReply)
        .header('content-disposition', `attachment; filename="scopeward-${record.summary.id}-receipt.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(receipt, null, 2));
    },
  );

  app.post(
    '/api/receipts/verify',
    {
      schema: {
        summary:
          'Checks a receipt: its signature against this instance\'s keys, then a replay of its calls ("reproduced" or the first step that differs)',
        tags,
        security: ACCOUNT_ONLY,
        body: VerifyReceiptRequestSchema,
        response: { 200: VerifyReceiptResponseSchema, 400: MessageSchema, 401: MessageSchema },
      },
    },
    async (request) => {
      requireAccountId(request);
      const outcome = await deps.verify(request.body.receipt, request.body.replay ?? true);
      // Something that is no receipt at all is bad input; a receipt that fails its check is an answer.
      if (outcome.verdict === 'not a receipt') throw new HttpError(400, outcome.message);
      return outcome;
    },
  );
};

/** The public keys: outside /api, no session, no key (anyone verifying needs them). */
export const receiptKeysRoute: FastifyPluginAsyncTypebox<{ readonly issuer: ReceiptIssuer }> = async (app, deps) => {
  app.get(
    KEYS_PATH,
    {
      schema: {
        summary: "The instance's receipt keys: every Ed25519 public key with its id and dates (retired keys stay)",
        tags: ['receipts'],
        security: [{}],
        response: { 200: KeysDocumentSchema },
      },
    },
    async () => {
      const document = await deps.issuer.keysDocument();
      return { issuer: document.issuer, keys: [...document.keys] };
    },
  );
};
