import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { audienceGrowth, recentCommits, scoringInputOf, EMPTY_HISTORIES } from './enrichment-fields.ts';
import { EMPTY_LINKS, type EnrichmentState } from './enrich-project.ts';
import { emptyAuditLayout } from '../scan/build-audit-layout.ts';

const day = 86_400_000;
const now = new Date('2026-03-31T00:00:00Z');
const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();

describe('enrichment scoring inputs', () => {
  it('growth compares now with the reading closest to 30 days ago, over counters read at both ends', () => {
    const histories = {
      ...EMPTY_HISTORIES,
      telegram: [
        { v: 800, t: at(45) },
        { v: 1000, t: at(31) },
        { v: 1100, t: at(10) },
        { v: 1200, t: at(0) },
      ],
      reddit: [
        { v: 90, t: at(20) },
        { v: 100, t: at(0) },
      ],
    };
    // (1200 + 100) / (1000 + 90) - 1
    assert.equal(audienceGrowth(histories, now)!.toFixed(4), (1300 / 1090 - 1).toFixed(4));
  });

  it('growth is unknown with under a week of readings', () => {
    assert.equal(
      audienceGrowth(
        {
          ...EMPTY_HISTORIES,
          twitter: [
            { v: 1, t: at(3) },
            { v: 2, t: at(0) },
          ],
        },
        now,
      ),
      null,
    );
    assert.equal(audienceGrowth(EMPTY_HISTORIES, now), null);
  });

  it('counts the commits of the weeks that end in the last 28 days', () => {
    const week = (daysAgo: number, total: number) => ({
      week: (now.getTime() - daysAgo * day) / 1000,
      total,
      days: [0, 0, 0, 0, 0, 0, total],
    });
    const repo = {
      ...emptyAuditLayout('', '', '').githubRepositoryStats,
      contributionsPerDay: [week(60, 100), week(30, 7), week(14, 5), week(7, 3)],
    };
    assert.equal(recentCommits(repo, now), 7 + 5 + 3);
    assert.equal(recentCommits({ ...repo, contributionsPerDay: [] }, now), null);
  });

  it('e-mail checks pass only when nothing is missing or ineffective; domain age from RDAP', () => {
    const dns = { ...emptyAuditLayout('', '', '').domainInfo.dns };
    const state = (checks: typeof dns): EnrichmentState => ({
      links: { ...EMPTY_LINKS, website: 'https://example.org' },
      sources: {
        dns: { status: 'ok', fetchedAt: at(0), durationMs: 1, value: checks, fresh: true },
        rdap: { status: 'ok', fetchedAt: at(0), durationMs: 1, value: { creationDate: at(400) }, fresh: true },
      },
    });
    assert.equal(scoringInputOf(state(dns), EMPTY_HISTORIES, now).emailChecksPass, true);
    assert.equal(scoringInputOf(state({ ...dns, missingDMARC: true }), EMPTY_HISTORIES, now).emailChecksPass, false);
    assert.equal(Math.round(scoringInputOf(state(dns), EMPTY_HISTORIES, now).domainAgeDays!), 400);
    const none: EnrichmentState = { links: EMPTY_LINKS, sources: {} };
    const input = scoringInputOf(none, EMPTY_HISTORIES, now);
    assert.equal(input.emailChecksPass, null);
    assert.equal(input.socials, null);
    assert.equal(input.hasWebsite, false);
  });
});
