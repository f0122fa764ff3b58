import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIneffectiveSpf, spfRecords, summariseSpf } from './spf.ts';

const zone = (table: Record<string, string[]>) => async (name: string) => table[name] ?? [];

test('only v=spf1 records count as SPF', () => {
  assert.deepEqual(spfRecords(['google-site-verification=x', 'v=spf1 -all', 'v=spf10 -all', 'V=SPF1 mx ~all', 'v=spf1']), [
    'v=spf1 -all',
    'V=SPF1 mx ~all',
    'v=spf1',
  ]);
});

test('the closing all qualifier, through a redirect when the record has none', async () => {
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 ip4:192.0.2.0/24 -all'] }))).all, '-');
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 mx ~all'] }))).all, '~');
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 all'] }))).all, '+');
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 ?all'] }))).all, '?');
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 ip4:192.0.2.1'] }))).all, null);
  const redirected = await summariseSpf(
    'a.test',
    zone({ 'a.test': ['v=spf1 redirect=_spf.b.test'], '_spf.b.test': ['v=spf1 include:c.test -all'], 'c.test': ['v=spf1 ~all'] }),
  );
  assert.equal(redirected.all, '-', 'the included record’s own all does not end the policy');
  assert.equal(redirected.lookups, 2);
  // With an `all`, `redirect=` is ignored.
  assert.equal((await summariseSpf('a.test', zone({ 'a.test': ['v=spf1 ?all redirect=b.test'], 'b.test': ['v=spf1 -all'] }))).all, '?');
});

test('DNS lookups are counted through nested includes', async () => {
  const table: Record<string, string[]> = {
    'a.test': ['v=spf1 a mx include:i1.test exists:%{i}.x.test ptr -all'],
    'i1.test': ['v=spf1 include:i2.test a:x.test -all'],
    'i2.test': ['v=spf1 ip4:192.0.2.0/24 ~all'],
  };
  assert.equal((await summariseSpf('a.test', zone(table))).lookups, 7);
  const many = { 'big.test': [`v=spf1 ${Array.from({ length: 11 }, (_, i) => `include:n${i}.test`).join(' ')} -all`] };
  const summary = await summariseSpf('big.test', zone(many));
  assert.equal(summary.lookups, 11);
  assert.equal(isIneffectiveSpf(summary), true);
});

test('which policies are ineffective', async () => {
  const judge = async (records: string[]) => isIneffectiveSpf(await summariseSpf('a.test', zone({ 'a.test': records })));
  assert.equal(await judge(['v=spf1 -all']), false);
  assert.equal(await judge(['v=spf1 mx ~all']), false);
  assert.equal(await judge(['v=spf1 +all']), true);
  assert.equal(await judge(['v=spf1 ?all']), true);
  assert.equal(await judge(['v=spf1 mx']), true);
  assert.equal(await judge(['v=spf1 -all', 'v=spf1 mx -all']), true);
  assert.equal(await judge([]), false, 'a missing record is missingSPF, not ineffective');
});

test('an include loop stops at the limit instead of running forever', async () => {
  const summary = await summariseSpf('loop.test', zone({ 'loop.test': ['v=spf1 include:loop.test -all'] }));
  assert.ok(summary.lookups > 10);
  assert.equal(isIneffectiveSpf(summary), true);
});
