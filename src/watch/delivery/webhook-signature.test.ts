import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

const secret = 'whsec_test';
const body = '{"id":"evt_1","kind":"power-variable-changed"}';

test('a signature is the HMAC-SHA256 of "t.body", hex, with the timestamp beside it', () => {
  const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
  assert.equal(signWebhook(secret, 1_700_000_000, body), `t=1700000000,v1=${expected}`);
});

test('verify accepts what sign produced, within the tolerance', () => {
  const header = signWebhook(secret, 1_700_000_000, body);
  assert.deepEqual(verifyWebhookSignature({ body, header, secret, nowSeconds: 1_700_000_100 }), { ok: true, timestamp: 1_700_000_000 });
});

test('verify refuses a changed body, another secret, an old timestamp and a malformed header', () => {
  const header = signWebhook(secret, 1_700_000_000, body);
  const now = 1_700_000_010;
  assert.deepEqual(verifyWebhookSignature({ body: body + ' ', header, secret, nowSeconds: now }), {
    ok: false,
    reason: 'signature does not match',
  });
  assert.deepEqual(verifyWebhookSignature({ body, header, secret: 'other', nowSeconds: now }), {
    ok: false,
    reason: 'signature does not match',
  });
  assert.deepEqual(verifyWebhookSignature({ body, header, secret, nowSeconds: 1_700_000_301 }), {
    ok: false,
    reason: 'timestamp outside the tolerance',
  });
  assert.deepEqual(verifyWebhookSignature({ body, header: 'v1=abc', secret, nowSeconds: now }), {
    ok: false,
    reason: 'malformed signature header',
  });
  assert.deepEqual(verifyWebhookSignature({ body, header: undefined, secret, nowSeconds: now }), {
    ok: false,
    reason: 'no signature header',
  });
});

test('a re-signed timestamp does not validate the old signature (the timestamp is signed)', () => {
  const header = signWebhook(secret, 1_700_000_000, body).replace('t=1700000000', 't=1700000200');
  assert.equal(verifyWebhookSignature({ body, header, secret, nowSeconds: 1_700_000_200 }).ok, false);
});
