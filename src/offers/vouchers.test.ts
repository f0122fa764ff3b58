import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, storeKinds } from '../testing/test-stores.ts';
import { createMemoryMailer } from '../accounts/mailer.ts';
import { createServiceRequests } from './service-requests.ts';
import { createVoucherService } from './vouchers.ts';
import { ServiceError } from './service-error.ts';

function setup(kind: 'sqlite' | 'postgres') {
  return openTestStore(kind).then((store) => {
    let now = new Date('2026-11-30T12:00:00.000Z');
    const clock = () => now;
    const mailer = createMemoryMailer();
    const requests = createServiceRequests({ db: store.db, clock, mailer, operatorEmail: 'ops@example.com', onMailError: () => {} });
    const vouchers = createVoucherService({ db: store.db, clock, usdPerUsdt: 1 });
    const quoted = async (quoteUsd: number, offer: 'manual-audit' | 'kyc' = 'manual-audit') => {
      const request = await requests.create({ offer, email: 'Team@Example.com', project: 'Token' }, null);
      return requests.update(request.id, { quoteUsd });
    };
    return {
      store,
      mailer,
      requests,
      vouchers,
      quoted,
      setNow: (iso: string) => (now = new Date(iso)),
    };
  });
}

const refusal = (message: RegExp | string) => (error: unknown) => {
  assert.ok(error instanceof ServiceError, String(error));
  if (typeof message === 'string') assert.equal(error.message, message);
  else assert.match(error.message, message);
  return true;
};

for (const kind of storeKinds()) {
  describe(`vouchers on ${kind}`, () => {
    test('a voucher lowers a quote, never below 500 USD, and only once', async () => {
      const t = await setup(kind);
      try {
        const { code, voucher } = await t.vouchers.issue({ valueCents: 1000_00, recipient: null, note: 'launch', actor: 'admin' });
        assert.equal(voucher.state, 'valid');
        assert.equal(voucher.expiresAt, '2027-02-28T12:00:00.000Z');
        const request = await t.quoted(800);
        const redemption = await t.vouchers.redeem({ code, requestId: request.id, actor: 'user', allowedRecipients: [request.email] });
        assert.deepEqual(
          { discount: redemption.discountUsd, forfeited: redemption.forfeitedUsd, final: redemption.finalPriceUsd },
          { discount: 300, forfeited: 700, final: 500 },
        );
        const after = await t.requests.get(request.id);
        assert.deepEqual(after.voucher, { discountUsd: 300, forfeitedUsd: 700, finalPriceUsd: 500 });
        const other = await t.quoted(5000);
        await assert.rejects(
          t.vouchers.redeem({ code, requestId: other.id, actor: 'user', allowedRecipients: [] }),
          refusal('This voucher has already been used'),
        );
        const kinds = (await t.vouchers.events()).map((e) => e.kind).sort();
        assert.deepEqual(kinds, ['issued', 'redeemed', 'refused']);
      } finally {
        await t.store.dispose();
      }
    });

    test('two simultaneous redemptions of one code leave exactly one', async () => {
      const t = await setup(kind);
      try {
        const { code } = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        const requests = await Promise.all(Array.from({ length: 6 }, () => t.quoted(2000)));
        const results = await Promise.allSettled(
          requests.map((r) => t.vouchers.redeem({ code, requestId: r.id, actor: 'user', allowedRecipients: [] })),
        );
        assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
        for (const r of results)
          if (r.status === 'rejected') assert.equal((r.reason as Error).message, 'This voucher has already been used');
        const withVoucher = (await t.requests.list()).filter((r) => r.voucher !== null);
        assert.equal(withVoucher.length, 1);
      } finally {
        await t.store.dispose();
      }
    });

    test('one request takes one voucher, even when two are tried at once', async () => {
      const t = await setup(kind);
      try {
        const a = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        const b = await t.vouchers.issue({ valueCents: 200_00, recipient: null, note: '', actor: 'admin' });
        const request = await t.quoted(3000);
        const results = await Promise.allSettled(
          [a.code, b.code].map((code) => t.vouchers.redeem({ code, requestId: request.id, actor: 'user', allowedRecipients: [] })),
        );
        assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
        // The losing voucher is still unspent.
        const states = (await t.vouchers.list()).map((v) => v.state).sort();
        assert.deepEqual(states, ['redeemed', 'valid']);
      } finally {
        await t.store.dispose();
      }
    });

    test('validity ends at the same instant three months later (30 November → 28 February)', async () => {
      const t = await setup(kind);
      try {
        const { code } = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        const first = await t.quoted(2000);
        t.setNow('2027-02-28T11:59:59.999Z');
        const ok = await t.vouchers.redeem({ code, requestId: first.id, actor: 'user', allowedRecipients: [] });
        assert.equal(ok.finalPriceUsd, 1900);

        t.setNow('2026-11-30T12:00:00.000Z');
        const late = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        const second = await t.quoted(2000);
        t.setNow('2027-02-28T12:00:00.000Z');
        await assert.rejects(
          t.vouchers.redeem({ code: late.code, requestId: second.id, actor: 'user', allowedRecipients: [] }),
          refusal('This voucher expired on 2027-02-28 (UTC)'),
        );
        assert.equal((await t.requests.get(second.id)).voucher, null);
      } finally {
        await t.store.dispose();
      }
    });

    test('refusals change nothing and are recorded', async () => {
      const t = await setup(kind);
      try {
        const floor = await t.quoted(500);
        const kyc = await t.quoted(2000, 'kyc');
        const fresh = await t.requests.create({ offer: 'manual-audit', email: 'a@example.com', project: 'P' }, null);
        const named = await t.vouchers.issue({ valueCents: 100_00, recipient: 'someone@example.com', note: '', actor: 'admin' });
        const open = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        const revoked = await t.vouchers.issue({ valueCents: 100_00, recipient: null, note: '', actor: 'admin' });
        await t.vouchers.revoke(revoked.code, 'admin');
        const cases: Array<[string, string, RegExp | string]> = [
          ['SWV-0000-0000-0000-0000-0000', floor.id, 'Unknown voucher code'],
          [open.code, floor.id, /at or below the 500 USD minimum/],
          [open.code, kyc.id, 'Vouchers apply only to a manual contract audit'],
          [open.code, fresh.id, /no quote yet/],
          [named.code, floor.id, 'This voucher was issued to someone else'],
          [revoked.code, floor.id, 'This voucher has been revoked'],
        ];
        for (const [code, requestId, message] of cases)
          await assert.rejects(
            t.vouchers.redeem({ code, requestId, actor: 'user', allowedRecipients: ['team@example.com'] }),
            refusal(message),
          );
        const states = Object.fromEntries((await t.vouchers.list()).map((v) => [v.codeHint, v.state]));
        assert.deepEqual(Object.values(states).sort(), ['revoked', 'valid', 'valid']);
        const refused = (await t.vouchers.events()).filter((e) => e.kind === 'refused');
        assert.equal(refused.length, cases.length);
        assert.ok(refused.every((e) => e.detail.length > 0));
        // The named recipient can use it on their own request.
        const theirs = await t.requests.create({ offer: 'manual-audit', email: 'someone@example.com', project: 'Q' }, null);
        await t.requests.update(theirs.id, { quoteUsd: 1000 });
        const ok = await t.vouchers.redeem({
          code: named.code,
          requestId: theirs.id,
          actor: 'user',
          allowedRecipients: ['someone@example.com'],
        });
        assert.equal(ok.finalPriceUsd, 900);
        await assert.rejects(t.vouchers.revoke(named.code, 'admin'), refusal('This voucher has already been used'));
      } finally {
        await t.store.dispose();
      }
    });

    test('refusals are counted on one event per actor, reason and hour, not stored one by one', async () => {
      const t = await setup(kind);
      try {
        const request = await t.quoted(800);
        const wrong = (i: number) => `SWV-${String(i).padStart(4, '0')}-0000-0000-0000-0000`;
        // Sequential and simultaneous wrong codes from one account: one row.
        for (let i = 0; i < 30; i += 1)
          await assert.rejects(t.vouchers.redeem({ code: wrong(i), requestId: request.id, actor: 'account:a', allowedRecipients: [] }));
        const burst = Array.from({ length: 20 }, (_, i) =>
          t.vouchers.redeem({ code: wrong(100 + i), requestId: request.id, actor: 'account:a', allowedRecipients: [] }),
        );
        for (const outcome of await Promise.allSettled(burst)) assert.equal(outcome.status, 'rejected');
        await assert.rejects(t.vouchers.redeem({ code: wrong(1), requestId: request.id, actor: 'account:b', allowedRecipients: [] }));
        t.setNow('2026-11-30T13:00:00.000Z');
        await assert.rejects(t.vouchers.redeem({ code: wrong(2), requestId: request.id, actor: 'account:a', allowedRecipients: [] }));
        const rows = await t.store.db.selectFrom('voucher_events').selectAll().where('kind', '=', 'refused').execute();
        assert.equal(rows.length, 3, 'account a this hour, account b, account a the next hour');
        const refused = (await t.vouchers.events()).filter((e) => e.kind === 'refused');
        const counts = refused.map((e) => [e.actor, e.at.slice(11, 13), e.count, e.detail]).sort();
        assert.deepEqual(counts, [
          ['account:a', '12', 50, 'Unknown voucher code'],
          ['account:a', '13', 1, 'Unknown voucher code'],
          ['account:b', '12', 1, 'Unknown voucher code'],
        ]);
      } finally {
        await t.store.dispose();
      }
    });

    test('a request is stored, mailed to the operator with its attachments and acknowledged', async () => {
      const t = await setup(kind);
      try {
        const pdf = Buffer.from('%PDF-1.4 scope');
        const request = await t.requests.create(
          {
            offer: 'manual-audit',
            email: 'Team@Example.com',
            project: 'Token',
            networks: ['BSC'],
            addresses: ['0x00000000000000000000000000000000000000aa'],
            budgetUsd: 4000,
            deadline: '2027-01-31',
            message: 'Please audit',
            attachments: [{ name: 'scope.pdf', contentBase64: pdf.toString('base64') }],
          },
          'account-1',
        );
        assert.equal(request.status, 'new');
        assert.equal(request.operatorNotified, true);
        assert.equal(request.email, 'team@example.com');
        assert.deepEqual(request.attachments, [{ position: 0, name: 'scope.pdf', contentType: 'application/pdf', sizeBytes: pdf.length }]);
        const [toOperator, ack] = t.mailer.sent;
        assert.equal(toOperator!.to, 'ops@example.com');
        assert.equal(toOperator!.replyTo, 'team@example.com');
        assert.match(toOperator!.text, /Manual contract audit/);
        assert.deepEqual(toOperator!.attachments?.[0]?.content, pdf);
        assert.equal(ack!.to, 'team@example.com');
        assert.deepEqual((await t.requests.attachment(request.id, 0)).content, pdf);
        assert.equal((await t.requests.listOwn('account-1')).length, 1);
        assert.equal((await t.requests.listOwn('account-2')).length, 0);
      } finally {
        await t.store.dispose();
      }
    });

    test('bad requests are refused and nothing is stored', async () => {
      const t = await setup(kind);
      try {
        const base = { offer: 'kyc' as const, email: 'a@example.com', project: 'P' };
        const bad: Array<[object, RegExp]> = [
          [{ email: 'not-an-address' }, /valid e-mail/],
          [{ budgetUsd: -1 }, /greater than 0/],
          [{ deadline: '2027-02-30' }, /deadline/],
          [{ repository: 'javascript:alert(1)' }, /http/],
          [{ attachments: [{ name: 'run.exe', contentBase64: 'AAAA' }] }, /only pdf/],
          [{ attachments: [{ name: 'a.pdf', contentBase64: 'not base64!' }] }, /base64/],
          [{ attachments: [{ name: 'a.pdf', contentBase64: Buffer.alloc(2 * 1024 * 1024 + 1).toString('base64') }] }, /larger than 2 MiB/],
        ];
        for (const [change, message] of bad)
          await assert.rejects(t.requests.create({ ...base, ...change } as never, null), refusal(message));
        assert.equal((await t.requests.list()).length, 0);
        assert.equal(t.mailer.sent.length, 0);
      } finally {
        await t.store.dispose();
      }
    });
  });
}
