import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressLabel } from '../labels/label-record.ts';
import { readSeed } from '../labels/seed-labels.ts';
import type { AddressHistory, HistoryTx } from './history.ts';
import { activitySeries, counterparties, screenNetwork } from './screen.ts';

const ME = '0x1111111111111111111111111111111111111111';
const MIXER = '0x2222222222222222222222222222222222222222';
const DEX = '0x3333333333333333333333333333333333333333';
const OTHER = '0x4444444444444444444444444444444444444444';
const T0 = Date.parse('2025-01-01T00:00:00Z') / 1000;

const label = (address: string, category: AddressLabel['category'], name: string): AddressLabel => ({
  address,
  network: '*',
  label: name,
  category,
  source: 'test',
  listedOn: '2025-01-01',
});
const tx = (hash: string, day: number, from: string, to: string | null, kind: HistoryTx['kind'] = 'normal'): HistoryTx => ({
  hash,
  time: T0 + day * 86_400,
  from,
  to,
  kind,
});
const history = (txs: HistoryTx[]): AddressHistory => ({
  network: 'ETH',
  source: 'rpc',
  txs,
  complete: true,
  notes: [],
  internalRead: false,
});

describe('screenNetwork', () => {
  it('is suspicious for a direct deposit into a mixer, and names the transaction', () => {
    const labels = new Map([
      [MIXER, [label(MIXER, 'mixer', 'Pool')]],
      [DEX, [label(DEX, 'dex', 'Router')]],
    ]);
    const result = screenNetwork(
      ME,
      history([tx('0xa', 0, ME, DEX), tx('0xb', 2, ME, MIXER), tx('0xc', 3, OTHER, ME, 'internal')]),
      labels,
    );
    assert.equal(result.audit.suspicious, true);
    assert.equal(result.audit.blacklisted, false);
    assert.equal(result.audit.totalTx, 2);
    assert.equal(result.audit.totalInternalTx, 1);
    assert.equal(result.audit.firstTxDate, '2025-01-01T00:00:00.000Z');
    assert.equal(result.audit.latestTxDate, '2025-01-04T00:00:00.000Z');
    assert.deepEqual(
      result.audit.labeledTx.map((t) => [t.hash, t.label, t.type]),
      [
        ['0xb', 'Pool', 'out'],
        ['0xa', 'Router', 'out'],
      ],
    );
    assert.deepEqual(
      result.reasons.map((r) => [r.kind, r.category, r.hash, r.direction]),
      [['counterparty', 'mixer', '0xb', 'out']],
    );
    assert.deepEqual(
      result.audit.seriesTx.map((p) => p.value),
      [1, 0, 1, 1],
    );
  });

  it('is clean with only exchange and DEX counterparties, and blacklisted for its own sanctions label', () => {
    const clean = screenNetwork(ME, history([tx('0xa', 0, DEX, ME, 'token')]), new Map([[DEX, [label(DEX, 'dex', 'Router')]]]));
    assert.equal(clean.audit.suspicious, false);
    assert.equal(clean.audit.labeledTx[0]!.type, 'in');
    const listed = screenNetwork(ME, history([]), new Map([[ME, [label(ME, 'sanctioned', 'SDN')]]]));
    assert.equal(listed.audit.blacklisted, true);
    assert.equal(listed.audit.suspicious, false);
    assert.equal(listed.audit.firstTxDate, '');
    assert.deepEqual(listed.audit.seriesTx, []);
  });

  it('lists dealings with a shipped exchange wallet and bridge without calling them suspicious; a darklisted counterparty is', async () => {
    const [exchange] = (await readSeed('exchanges.json')).labels;
    const [bridge] = (await readSeed('bridges.json')).labels;
    const phishing = (await readSeed('darklist.json')).labels.find((l) => l.category === 'phishing')!;
    const byAddress = new Map([exchange!, bridge!, phishing].map((l) => [l.address, [l]]));
    const dealings = [tx('0xa', 0, exchange!.address, ME), tx('0xb', 1, ME, bridge!.address)];
    const clean = screenNetwork(ME, history(dealings), byAddress);
    assert.equal(clean.audit.suspicious, false);
    assert.deepEqual(clean.reasons, []);
    assert.deepEqual(
      clean.audit.labeledTx.map((t) => [t.hash, t.type, t.label, t.annotation]),
      [
        ['0xb', 'out', bridge!.label, `bridge ${bridge!.address}`],
        ['0xa', 'in', exchange!.label, `exchange ${exchange!.address}`],
      ],
    );
    const tainted = screenNetwork(ME, history([...dealings, tx('0xc', 2, ME, phishing.address)]), byAddress);
    assert.equal(tainted.audit.suspicious, true);
    assert.deepEqual(
      tainted.reasons.map((r) => [r.category, r.hash, r.source]),
      [['phishing', '0xc', phishing.source]],
    );
  });

  it('records the contracts the address created', () => {
    const created = screenNetwork(ME, history([{ ...tx('0xa', 0, ME, null), created: OTHER }]), new Map());
    assert.deepEqual(created.created, [OTHER]);
    assert.deepEqual(counterparties(ME, history([tx('0xa', 0, ME, DEX)])).sort(), [ME, DEX].sort());
  });
});

describe('activitySeries', () => {
  it('uses days for three months, weeks for two years, then 30-day buckets, without gaps', () => {
    assert.equal(activitySeries([T0, T0 + 10 * 86_400]).length, 11);
    const weekly = activitySeries([T0, T0 + 200 * 86_400]);
    assert.ok(weekly.length >= 29 && weekly.length <= 30);
    assert.equal(
      weekly.reduce((s, p) => s + p.value, 0),
      2,
    );
    assert.ok(activitySeries([T0, T0 + 1000 * 86_400]).length <= 35);
  });
});
