/**
 * Requests for the operator's offers: stored, e-mailed to the operator (with their
 * attachments) and acknowledged to the requester; admins move them through their
 * statuses, note and quote them; their authors see their own.
 */
import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ServiceRequestsTable } from '../store/schema.ts';
import type { Clock } from '../accounts/clock.ts';
import type { MailAttachment, Mailer, MailMessage } from '../accounts/mailer.ts';
import { normalizeEmail } from '../accounts/email-address.ts';
import { OFFERS, type RequestStatus } from './catalogue.ts';
import {
  ATTACHMENT_LIMITS,
  type ServiceRequest,
  type ServiceRequestInput,
  type ServiceRequestUpdate,
} from '../interface/schemas/services.ts';
import { formatUsd, parseAmount } from './voucher-rules.ts';
import { ServiceError } from './service-error.ts';
import { SERVICE_MESSAGES as M } from './service-messages.ts';

export interface ServiceRequestDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly mailer: Mailer;
  /** OPERATOR_EMAIL; unset: every admin account's address. */
  readonly operatorEmail: string | undefined;
  readonly onMailError: (error: unknown, message: MailMessage) => void;
}

export interface AdminServiceRequest extends ServiceRequest {
  readonly accountId: string | null;
  readonly notes: string;
  readonly operatorNotified: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  sol: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface DecodedAttachment {
  readonly name: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** Checks the attachments against the limits and decodes them; refuses with the reason. */
export function decodeAttachments(input: ServiceRequestInput['attachments']): DecodedAttachment[] {
  const files = input ?? [];
  if (files.length > ATTACHMENT_LIMITS.files) throw new ServiceError(400, `At most ${ATTACHMENT_LIMITS.files} attachments`);
  let total = 0;
  return files.map((file) => {
    const name = file.name
      .replace(/[\\/]/g, '_')
      .replace(/\p{Cc}/gu, '')
      .trim();
    const extension = extname(name).slice(1).toLowerCase();
    if (!(ATTACHMENT_LIMITS.extensions as readonly string[]).includes(extension))
      throw new ServiceError(400, `${name || 'An attachment'}: only ${ATTACHMENT_LIMITS.extensions.join(', ')} files can be attached`);
    if (!BASE64.test(file.contentBase64) || file.contentBase64.length % 4 !== 0)
      throw new ServiceError(400, `${name}: the content is not base64`);
    const content = Buffer.from(file.contentBase64, 'base64');
    if (content.length === 0) throw new ServiceError(400, `${name} is empty`);
    if (content.length > ATTACHMENT_LIMITS.bytesPerFile)
      throw new ServiceError(413, `${name} is larger than ${ATTACHMENT_LIMITS.bytesPerFile / 1024 / 1024} MiB`);
    total += content.length;
    if (total > ATTACHMENT_LIMITS.bytesTotal)
      throw new ServiceError(413, `The attachments are larger than ${ATTACHMENT_LIMITS.bytesTotal / 1024 / 1024} MiB together`);
    return { name, contentType: CONTENT_TYPES[extension]!, content };
  });
}

function cents(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function toRequest(row: Selectable<ServiceRequestsTable>, attachments: ServiceRequest['attachments']): AdminServiceRequest {
  const quote = cents(row.quote_usd_cents);
  const discount = cents(row.discount_usd_cents);
  return {
    id: row.id,
    offer: row.offer,
    email: row.contact_email,
    project: row.project,
    networks: JSON.parse(row.networks) as string[],
    addresses: JSON.parse(row.addresses) as string[],
    repository: row.repository,
    budgetUsd: row.budget_usd_cents === null ? null : Number(row.budget_usd_cents) / 100,
    deadline: row.deadline,
    message: row.message,
    status: row.status as RequestStatus,
    quoteUsd: quote === null ? null : quote / 100,
    voucher:
      row.voucher_id && quote !== null && discount !== null
        ? { discountUsd: discount / 100, forfeitedUsd: Number(row.forfeited_usd_cents ?? 0) / 100, finalPriceUsd: (quote - discount) / 100 }
        : null,
    attachments,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    accountId: row.account_id,
    notes: row.admin_notes,
    operatorNotified: row.operator_notified === 1,
  };
}

/** The fields a requester sees (no admin notes). */
export function publicView(request: AdminServiceRequest): ServiceRequest {
  const { accountId: _a, notes: _n, operatorNotified: _o, ...rest } = request;
  return rest;
}

function offerName(id: string): string {
  return OFFERS.find((offer) => offer.id === id)?.name ?? id;
}

function isDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function createServiceRequests(deps: ServiceRequestDeps) {
  const { db, clock } = deps;

  const attachmentsOf = async (ids: readonly string[]) => {
    const byRequest = new Map<string, ServiceRequest['attachments']>();
    if (ids.length === 0) return byRequest;
    const rows = await db
      .selectFrom('service_request_attachments')
      .select(['request_id', 'position', 'filename', 'content_type', 'size_bytes'])
      .where('request_id', 'in', ids)
      .orderBy('position')
      .execute();
    for (const row of rows) {
      const list = byRequest.get(row.request_id) ?? [];
      list.push({ position: row.position, name: row.filename, contentType: row.content_type, sizeBytes: row.size_bytes });
      byRequest.set(row.request_id, list);
    }
    return byRequest;
  };

  const load = async (rows: Selectable<ServiceRequestsTable>[]) => {
    const attachments = await attachmentsOf(rows.map((r) => r.id));
    return rows.map((row) => toRequest(row, attachments.get(row.id) ?? []));
  };

  const operatorAddresses = async (): Promise<string[]> => {
    if (deps.operatorEmail) return [deps.operatorEmail];
    const admins = await db
      .selectFrom('accounts')
      .select('email')
      .where('role', '=', 'admin')
      .where('verified_at', 'is not', null)
      .execute();
    return admins.map((a) => a.email);
  };

  const send = async (message: MailMessage): Promise<boolean> => {
    try {
      await deps.mailer.send(message);
      return true;
    } catch (error) {
      deps.onMailError(error, message);
      return false;
    }
  };

  return {
    async create(input: ServiceRequestInput, accountId: string | null): Promise<AdminServiceRequest> {
      const email = normalizeEmail(input.email);
      if (!email) throw new ServiceError(400, 'Enter a valid e-mail address');
      const project = input.project.trim();
      if (!project) throw new ServiceError(400, 'Name the project');
      let budget: number | null = null;
      if (input.budgetUsd !== undefined) {
        const parsed = parseAmount(input.budgetUsd, 'budgetUsd');
        if ('problem' in parsed) throw new ServiceError(400, parsed.problem);
        budget = parsed.cents;
      }
      if (input.deadline !== undefined && !isDate(input.deadline)) throw new ServiceError(400, 'deadline must be a date (YYYY-MM-DD)');
      const repository = input.repository?.trim() || null;
      if (repository && !/^https?:\/\/[^\s]+$/i.test(repository)) throw new ServiceError(400, 'repository must be an http(s) link');
      const files = decodeAttachments(input.attachments);
      const now = clock().toISOString();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('service_requests')
          .values({
            id,
            offer: input.offer,
            account_id: accountId,
            contact_email: email,
            project,
            networks: JSON.stringify((input.networks ?? []).map((n) => n.trim()).filter(Boolean)),
            addresses: JSON.stringify((input.addresses ?? []).map((a) => a.trim()).filter(Boolean)),
            repository,
            budget_usd_cents: budget,
            deadline: input.deadline ?? null,
            message: input.message?.trim() ?? '',
            status: 'new',
            admin_notes: '',
            quote_usd_cents: null,
            quoted_at: null,
            voucher_id: null,
            discount_usd_cents: null,
            forfeited_usd_cents: null,
            operator_notified: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
        for (const [position, file] of files.entries()) {
          await trx
            .insertInto('service_request_attachments')
            .values({
              request_id: id,
              position,
              filename: file.name,
              content_type: file.contentType,
              size_bytes: file.content.length,
              content_base64: file.content.toString('base64'),
            })
            .execute();
        }
      });
      const [request] = await load([await db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()]);
      // The request is stored whatever the mail does; whether the operator was told is recorded.
      const operators = await operatorAddresses();
      const attachments: MailAttachment[] = files.map((f) => ({ filename: f.name, content: f.content, contentType: f.contentType }));
      let notified = false;
      for (const to of operators)
        notified =
          (await send({
            to,
            replyTo: email,
            subject: `[scopeward] ${offerName(input.offer)} request: ${project}`,
            text: operatorText(request!),
            attachments,
          })) || notified;
      if (notified) await db.updateTable('service_requests').set({ operator_notified: 1 }).where('id', '=', id).execute();
      await send({ to: email, subject: `We received your ${offerName(input.offer)} request`, text: acknowledgementText(request!) });
      return { ...request!, operatorNotified: notified };
    },

    async listOwn(accountId: string): Promise<ServiceRequest[]> {
      const rows = await db
        .selectFrom('service_requests')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at', 'desc')
        .limit(200)
        .execute();
      return (await load(rows)).map(publicView);
    },

    async list(filter: { status?: string | undefined } = {}): Promise<AdminServiceRequest[]> {
      let query = db.selectFrom('service_requests').selectAll();
      if (filter.status) query = query.where('status', '=', filter.status);
      return load(await query.orderBy('created_at', 'desc').limit(1000).execute());
    },

    async get(id: string): Promise<AdminServiceRequest> {
      const row = await db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new ServiceError(404, M.requestUnknown);
      return (await load([row]))[0]!;
    },

    async attachment(id: string, position: number) {
      const row = await db
        .selectFrom('service_request_attachments')
        .selectAll()
        .where('request_id', '=', id)
        .where('position', '=', position)
        .executeTakeFirst();
      if (!row) throw new ServiceError(404, M.requestUnknown);
      return { name: row.filename, contentType: row.content_type, content: Buffer.from(row.content_base64, 'base64') };
    },

    /** An admin's change: status, notes, or a quote (which moves the request to "quoted"). */
    async update(id: string, change: ServiceRequestUpdate): Promise<AdminServiceRequest> {
      const current = await this.get(id);
      const set: Partial<ServiceRequestsTable> = { updated_at: clock().toISOString() };
      if (change.notes !== undefined) set.admin_notes = change.notes;
      if (change.status !== undefined) set.status = change.status;
      if (change.quoteUsd !== undefined) {
        const parsed = parseAmount(change.quoteUsd, 'quoteUsd');
        if ('problem' in parsed) throw new ServiceError(400, parsed.problem);
        // A quote with a voucher on it is settled: changing it would change what the voucher did.
        if (current.voucher) throw new ServiceError(409, 'This quote already has a voucher applied and cannot change');
        set.quote_usd_cents = parsed.cents;
        set.quoted_at = set.updated_at!;
        if (change.status === undefined) set.status = 'quoted';
      }
      if (set.status === 'quoted' && current.quoteUsd === null && set.quote_usd_cents === undefined)
        throw new ServiceError(400, 'Give quoteUsd to mark a request as quoted');
      await db.updateTable('service_requests').set(set).where('id', '=', id).execute();
      const updated = await this.get(id);
      if (set.quote_usd_cents !== undefined)
        await send({
          to: updated.email,
          subject: `Your ${offerName(updated.offer)} request was quoted`,
          text: `The operator quoted ${formatUsd(Number(set.quote_usd_cents))} for "${updated.project}" (request ${updated.id}).\n${
            updated.offer === 'manual-audit' ? 'An audit voucher can be applied to this quote from the Services page.\n' : ''
          }`,
        });
      return updated;
    },
  };
}

function operatorText(request: AdminServiceRequest): string {
  return [
    `A request for: ${offerName(request.offer)}`,
    `Request id: ${request.id}`,
    `Contact: ${request.email}${request.accountId ? ` (account ${request.accountId})` : ' (not signed in)'}`,
    `Project: ${request.project}`,
    `Networks: ${request.networks.join(', ') || '-'}`,
    `Addresses: ${request.addresses.join(', ') || '-'}`,
    `Repository: ${request.repository ?? '-'}`,
    `Budget: ${request.budgetUsd === null ? '-' : `${request.budgetUsd} USD`}`,
    `Deadline: ${request.deadline ?? '-'}`,
    `Attachments: ${request.attachments.map((a) => `${a.name} (${a.sizeBytes} bytes)`).join(', ') || '-'}`,
    '',
    request.message || '(no message)',
    '',
    'Quote or change its status with `scopeward requests quote ID --price USD` or POST /admin/service-requests/ID.',
  ].join('\n');
}

function acknowledgementText(request: AdminServiceRequest): string {
  return [
    `Thank you: your request for "${offerName(request.offer)}" for ${request.project} has reached the operator.`,
    `Its reference is ${request.id}. You will get an answer at this address.`,
    'Signed-in users can follow its status on the Services page.',
  ].join('\n');
}

export type ServiceRequests = ReturnType<typeof createServiceRequests>;
