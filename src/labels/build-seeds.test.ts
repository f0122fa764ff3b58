import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSeeds, seedText } from './build-seeds.ts';
import { parseSeedList } from './seed-list-file.ts';
import { readSeed, SEED_DIR, SEED_FILES } from './seed-labels.ts';

const SOURCES = join(SEED_DIR, 'lists');
const sourceFiles = (prefix: string) =>
  readdirSync(SOURCES)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.tsv'))
    .map((f) => parseSeedList(f, readFileSync(join(SOURCES, f), 'utf8')));

describe('building the seed label files', () => {
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'seeds-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('is reproducible: two builds are identical, and identical to the committed files', () => {
    const first = buildSeeds();
    const second = buildSeeds();
    assert.deepEqual([...first.keys()], [...SEED_FILES]);
    for (const name of SEED_FILES) {
      assert.equal(seedText(first.get(name)!), seedText(second.get(name)!), name);
      assert.equal(
        seedText(first.get(name)!),
        readFileSync(join(SEED_DIR, name), 'utf8'),
        `${name} is out of date: run scripts/build-labels.ts`,
      );
    }
  });

  it('ships every transcribed exchange and bridge address once, with the network and date of its source', async () => {
    for (const [name, prefix, category] of [
      ['exchanges.json', 'exchanges-', 'exchange'],
      ['bridges.json', 'bridges-', 'bridge'],
    ] as const) {
      const seed = await readSeed(name);
      const sources = sourceFiles(prefix);
      const expected = new Set(sources.flatMap((s) => s.rows.map((r) => `${r.values.address!.toLowerCase()}|${s.fields.network}`)));
      assert.equal(seed.labels.length, expected.size, name);
      assert.deepEqual(new Set(seed.labels.map((l) => `${l.address}|${l.network}`)), expected, name);
      assert.ok(seed.labels.every((l) => l.category === category && l.source === seed.source));
      for (const s of sources)
        assert.ok(seed.provenance.includes(`github.com/${s.fields.repository} ${s.fields.path} at commit ${s.fields.commit}`));
    }
  });

  it('files the darklist under phishing and exploit, keeps the first row of a repeated address, and normalises its dates', async () => {
    const seed = await readSeed('darklist.json');
    const [source] = sourceFiles('darklist-');
    const rows = source!.rows.map((r) => r.values);
    assert.equal(seed.labels.length, new Set(rows.map((r) => r.address!.toLowerCase())).size);
    assert.ok(seed.labels.length < rows.length, 'the stored darklist repeats some addresses');
    for (const label of seed.labels) {
      const row = rows.find((r) => r.address!.toLowerCase() === label.address)!;
      assert.equal(label.label, row.comment);
      assert.equal(label.category, /exploit/i.test(row.comment!) ? 'exploit' : 'phishing');
      assert.match(label.listedOn, /^\d{4}-\d{2}-\d{2}$/);
      if (/^\d{4}-/.test(row.date!)) assert.equal(label.listedOn, row.date);
      if (row.date === '') assert.equal(label.listedOn, source!.fields.retrieved);
    }
    const us = rows.find((r) => /^\d+\/\d+\/\d+$/.test(r.date!))!;
    const [m, d, y] = us.date!.split('/');
    assert.equal(
      seed.labels.find((l) => l.address === us.address!.toLowerCase())!.listedOn,
      `20${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`,
    );
  });

  it('refuses an exchange row that is not one of the exchange’s own wallets, and a row failing its checksum', () => {
    const dir = join(scratch, 'bad-exchange');
    cpSync(SOURCES, dir, { recursive: true });
    appendFileSync(join(dir, 'exchanges-kraken.tsv'), '0x2e7542ec36df6429d8c397f88c4cf0c925948f44\tKraken: Deployer 1\n');
    assert.throws(
      () => buildSeeds({ listsDir: dir }),
      /exchanges-kraken\.tsv line \d+: "Kraken: Deployer 1" is not an exchange wallet's name tag/,
    );

    const dir2 = join(scratch, 'bad-checksum');
    cpSync(SOURCES, dir2, { recursive: true });
    const darklist = join(dir2, 'darklist-myetherwallet.tsv');
    // Lower-case one letter of the first mixed-case (checksummed) address.
    const text = readFileSync(darklist, 'utf8');
    const mixed = /^0x[0-9a-fA-F]*[A-F][0-9a-fA-F]*\t/m.exec(text)![0];
    writeFileSync(
      darklist,
      text.replace(
        mixed,
        mixed.replace(/[A-F]/, (c) => c.toLowerCase()),
      ),
    );
    assert.throws(() => buildSeeds({ listsDir: dir2 }), /darklist-myetherwallet\.tsv line \d+: .* fails its EIP-55 checksum/);
  });

  it('needs the download date with an SDN file, and extracts its ETH addresses', () => {
    const sdn = join(scratch, 'sdn.csv');
    const a = '0x' + '12'.repeat(20);
    writeFileSync(sdn, `36,"X","individual",-0- ,"Digital Currency Address - ETH ${a}; Digital Currency Address - XBT 1abc"\n`);
    assert.throws(() => buildSeeds({ sdnFile: sdn }), /--retrieved/);
    const ofac = buildSeeds({ sdnFile: sdn, retrieved: '2026-02-03' }).get('ofac-sdn.json')!;
    assert.deepEqual(
      ofac.labels.map((l) => [l.address, l.listedOn]),
      [[a, '2026-02-03']],
    );
  });
});
