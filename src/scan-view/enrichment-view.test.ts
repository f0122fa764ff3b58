import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ageInWords,
  dnsChecks,
  DNS_CHECKS,
  fieldFrom,
  formatUsd,
  marketView,
  quietLine,
  socialHref,
  priceChange,
  reasonsByField,
  safeUrl,
  sourceOf,
  sourceRows,
  weeklyContributions,
  type MarketInput,
} from './enrichment-view.ts';

const MARKET_FIELDS = ['tradingVolume', 'price30', 'price60'];
const layout: MarketInput = {
  price: 0.0123,
  marketcap: 12_300,
  tradingVolume: 4_560,
  price30: -12.346,
  price60: 40,
  poolExplorerUrl: 'https://explorer.example/address/0xpool',
  dexAnalytics: { chain: 'LOCAL', pair: '0xpool' },
  pools: { pairs: [{}] },
};

describe('reasonsByField', () => {
  it("splits read-market's reason by the field it names, keeping a field's own '; ' segments together", () => {
    const reason =
      'tradingVolume: partial: 10 of 20 blocks not read (limit); swaps in 1 pool(s) whose quote token has no USD price are not counted; price60: the chain starts after 2026-01-01T00:00:00.000Z';
    const map = reasonsByField(reason, MARKET_FIELDS);
    assert.equal(
      map.get('tradingVolume'),
      'partial: 10 of 20 blocks not read (limit); swaps in 1 pool(s) whose quote token has no USD price are not counted',
    );
    assert.equal(map.get('price60'), 'the chain starts after 2026-01-01T00:00:00.000Z');
    assert.equal(map.has('price30'), false);
  });
});

describe('marketView', () => {
  it('shows every figure as a fact when marketHistory answered', () => {
    const view = marketView(layout, { marketHistory: { status: 'ok', fields: MARKET_FIELDS } });
    assert.deepEqual(view.price, { known: true, value: 0.0123 });
    assert.deepEqual(view.volume, { known: true, value: 4_560 });
    assert.deepEqual(view.change30, { known: true, value: { percent: -12.35, direction: 'down', words: 'down 12.35 % over 30 days' } });
    assert.deepEqual(view.change60, { known: true, value: { percent: 40, direction: 'up', words: 'up 40 % over 60 days' } });
    assert.equal(view.poolUrl, 'https://explorer.example/address/0xpool');
  });

  it('keeps only the fields a partial answer names unknown, with their reasons', () => {
    const view = marketView(
      { ...layout, price60: 0 },
      { marketHistory: { status: 'partial', reason: 'price60: no stored price within 3 days before X', fields: MARKET_FIELDS } },
    );
    assert.equal(view.change30.known, true);
    assert.deepEqual(view.change60, { known: false, reason: 'no stored price within 3 days before X' });
  });

  it('never shows 0 as a fact when the source failed or is absent', () => {
    const failed = marketView(
      { ...layout, tradingVolume: 0, price30: 0, price60: 0 },
      { marketHistory: { status: 'timeout', reason: 'no answer within 5000 ms', fields: MARKET_FIELDS } },
    );
    for (const k of [failed.volume, failed.change30, failed.change60])
      assert.deepEqual(k, { known: false, reason: 'timed out: no answer within 5000 ms' });
    const absent = marketView(layout, {});
    assert.deepEqual(absent.volume, { known: false, reason: 'no marketHistory source in this answer' });
  });

  it('says why there is no price when no pool prices the token', () => {
    const view = marketView({ ...layout, price: 0, marketcap: 0, pools: { pairs: [] } }, { marketHistory: { status: 'skipped' } });
    assert.deepEqual(view.price, { known: false, reason: 'no pool found to price the token' });
    assert.deepEqual(view.marketcap, { known: false, reason: 'no pool found to price the token' });
    assert.deepEqual(view.volume, { known: false, reason: 'not applicable' });
  });
});

describe('small helpers', () => {
  it('priceChange says the direction in words', () => {
    assert.equal(priceChange(0.001, 30).words, 'unchanged over 30 days');
    assert.equal(priceChange(0.001, 30).direction, 'flat');
    assert.equal(priceChange(-3, 60).words, 'down 3 % over 60 days');
  });
  it('fieldFrom treats stale as the last good answer, and gives an unavailable source its reason alone', () => {
    assert.deepEqual(fieldFrom({ dns: { status: 'unavailable', reason: 'not configured' } }, 'dns', 'domainInfo', {}), {
      known: false,
      reason: 'not configured',
    });
    assert.deepEqual(fieldFrom({ x: { status: 'stale', reason: 'HTTP 503' } }, 'x', 'twitterFollowers', 5), { known: true, value: 5 });
    assert.deepEqual(fieldFrom({ x: { status: 'failed', reason: 'HTTP 401' } }, 'x', 'twitterFollowers', 0), {
      known: false,
      reason: 'failed: HTTP 401',
    });
  });
  it('sourceOf finds who fills a field', () => {
    assert.equal(sourceOf({ a: { status: 'ok', fields: ['x'] }, b: { status: 'ok', fields: ['price'] } }, 'price'), 'b');
    assert.equal(sourceOf({}, 'price'), undefined);
  });
  it('safeUrl keeps http(s) only', () => {
    assert.equal(safeUrl('javascript:alert(1)'), '');
    assert.equal(safeUrl('not a url'), '');
    assert.equal(safeUrl('https://a.example'), 'https://a.example/');
  });
  it('formatUsd keeps the significant digits of small prices', () => {
    assert.equal(formatUsd(0.000012345), '$0.00001235');
    assert.equal(formatUsd(1234.5), '$1,234.50');
    assert.equal(formatUsd(0), '$0.00');
  });
  it('dnsChecks lists every check, with a meaning only for the failing ones', () => {
    const list = dnsChecks({ missingDMARC: true, missingSPF: false });
    assert.equal(list.length, DNS_CHECKS.length);
    assert.equal(list.find((c) => c.key === 'missingSPF')?.passed, true);
    const dmarc = list.find((c) => c.key === 'missingDMARC')!;
    assert.equal(dmarc.passed, false);
    assert.match(dmarc.meaning, /DMARC/);
  });
  it('ageInWords counts years and months, and is empty for an unknown date', () => {
    const now = Date.parse('2026-11-26T00:00:00Z');
    assert.equal(ageInWords('2020-05-01T10:00:00.000Z', now), '6 years, 6 months');
    assert.equal(ageInWords('2026-11-20T00:00:00Z', now), '6 days');
    assert.equal(ageInWords('2025-11-26T00:00:00Z', now), '1 year');
    assert.equal(ageInWords('', now), '');
    assert.equal(ageInWords('2027-01-01T00:00:00Z', now), '');
  });
  it('quietLine: one line when nothing was read, none when a source answered or failed', () => {
    assert.equal(
      quietLine({ telegram: { status: 'unavailable', reason: 'not configured' } }, ['telegram', 'reddit'], 'Socials'),
      'Socials not configured on this server.',
    );
    assert.equal(
      quietLine({ telegram: { status: 'unavailable', reason: 'no Telegram link known' } }, ['telegram'], 'Socials'),
      'Socials not read: no Telegram link known.',
    );
    assert.equal(quietLine({ telegram: { status: 'failed', reason: 'HTTP 500' } }, ['telegram', 'reddit'], 'Socials'), null);
  });
  it('socialHref links full URLs and the common handle forms only', () => {
    assert.equal(socialHref('twitter', '@plaintoken'), 'https://x.com/plaintoken');
    assert.equal(socialHref('reddit', 'r/plaintoken'), 'https://www.reddit.com/r/plaintoken');
    assert.equal(socialHref('telegram', 'https://t.me/plaintoken'), 'https://t.me/plaintoken');
    assert.equal(socialHref('discord', 'not a link'), '');
    assert.equal(socialHref('twitter', 'javascript:alert(1)'), '');
  });
  it('weeklyContributions turns GitHub weeks into dated points', () => {
    assert.deepEqual(weeklyContributions([{ week: 1_700_000_000, total: 7 }]), [{ v: 7, t: '2023-11-14T22:13:20.000Z' }]);
  });
  it('sourceRows puts problems first, orders by readable name, and dates background sources by the slow poll', () => {
    const rows = sourceRows(
      {
        chain: { status: 'ok' },
        addressDetails: { status: 'ok' },
        reddit: { status: 'failed', reason: 'HTTP 429' },
        lighthouse: { status: 'unavailable', reason: 'not configured' },
      },
      { updatedAt: 'U', slowPollUpdatedAt: 'S' },
      new Set(['reddit', 'lighthouse']),
    );
    assert.deepEqual(
      rows.map((r) => [r.name, r.words, r.readAt]),
      [
        ['reddit', 'failed', 'S'],
        ['lighthouse', 'not available', ''],
        ['chain', 'answered', 'U'],
        ['addressDetails', 'answered', 'U'],
      ],
    );
  });
});
