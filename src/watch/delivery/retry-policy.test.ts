import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LONGEST_RETRY_MS, RETRY_WINDOW_MS, retryAfterMs, retryDelayMs, verdictForStatus } from './retry-policy.ts';

test('delays double from 10 s up to an hour, jittered within ±20 %', () => {
  assert.equal(retryDelayMs(1, 0.5), 10_000);
  assert.equal(retryDelayMs(2, 0.5), 20_000);
  assert.equal(retryDelayMs(5, 0.5), 160_000);
  assert.equal(retryDelayMs(30, 0.5), LONGEST_RETRY_MS);
  assert.equal(retryDelayMs(1, 0), 8_000);
  assert.equal(retryDelayMs(1, 0.999999), 12_000);
});

test('a day of retries is some thirty attempts, not thousands and not three', () => {
  let elapsed = 0;
  let attempts = 1;
  while (elapsed + retryDelayMs(attempts, 0.5) <= RETRY_WINDOW_MS) elapsed += retryDelayMs(attempts++, 0.5);
  assert.ok(attempts >= 25 && attempts <= 35, `${attempts} attempts`);
});

test('2xx delivered; 408, 429 and 5xx retried; other statuses fail at once', () => {
  assert.equal(verdictForStatus(200), 'delivered');
  assert.equal(verdictForStatus(204), 'delivered');
  for (const status of [408, 429, 500, 502, 503]) assert.equal(verdictForStatus(status), 'retry');
  for (const status of [301, 400, 401, 404, 410, 422]) assert.equal(verdictForStatus(status), 'failed');
});

test('Retry-After in seconds or as a date', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  assert.equal(retryAfterMs('120', now), 120_000);
  assert.equal(retryAfterMs('Fri, 27 Nov 2026 12:01:00 GMT', now), 60_000);
  assert.equal(retryAfterMs('soon', now), undefined);
  assert.equal(retryAfterMs(null, now), undefined);
});
