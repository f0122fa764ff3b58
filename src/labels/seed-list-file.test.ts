import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress } from 'viem';
import { checkedAddress, parseSeedList, provenanceOf, SeedListError } from './seed-list-file.ts';

const COMMIT = 'a'.repeat(40);
const header = (over: Record<string, string | null> = {}) =>
  Object.entries({
    repository: 'owner/list',
    path: 'data/list.json',
    commit: COMMIT,
    retrieved: '2026-01-02',
    network: 'ETH',
    kept: 'every row',
    ...over,
  })
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `# ${k}: ${v}`)
    .join('\n');
const file = (over: Record<string, string | null> = {}, rows = '0x00000000000000000000000000000000000000aa\tFirst') =>
  `# A test list\n${header(over)}\n# address\tlabel\n${rows}\n`;

describe('seed source files', () => {
  it('reads the header fields, the title, the columns and the rows', () => {
    const source = parseSeedList(
      't.tsv',
      file({}, '0x00000000000000000000000000000000000000aa\tFirst\n\n0x00000000000000000000000000000000000000BB\t Second '),
    );
    assert.equal(source.title, 'A test list');
    assert.equal(source.fields.commit, COMMIT);
    assert.deepEqual(source.columns, ['address', 'label']);
    assert.deepEqual(
      source.rows.map((r) => [r.line, r.values.label]),
      [
        [9, 'First'],
        [11, 'Second'],
      ],
    );
    assert.match(
      provenanceOf(source),
      /github\.com\/owner\/list data\/list\.json at commit a{40}.*2026-01-02 \(2 rows\)\. Kept: every row/,
    );
  });

  it('refuses a file that does not say where its rows come from', () => {
    assert.throws(() => parseSeedList('t.tsv', file({ commit: null, path: null })), /t\.tsv: the header does not say path, commit/);
    assert.throws(() => parseSeedList('t.tsv', file({ commit: 'main' })), /commit "main" is not 40 hex digits/);
    assert.throws(() => parseSeedList('t.tsv', file({ retrieved: '2026-13-45' })), /retrieved "2026-13-45"/);
    assert.throws(() => parseSeedList('t.tsv', file({ network: 'MARS' })), /unknown network "MARS"/);
  });

  it('names the line of a row that does not parse', () => {
    assert.throws(
      () => parseSeedList('t.tsv', file({}, '0x00000000000000000000000000000000000000aa')),
      /t\.tsv line 9: 1 cells, the header names 2/,
    );
    assert.throws(
      () => parseSeedList('t.tsv', file({}, '0x123\tShort')),
      /t\.tsv line 9: "0x123" is not a 0x-prefixed 20-byte hex address/,
    );
    assert.throws(
      () => parseSeedList('t.tsv', `# A list\n${header()}\n0x00000000000000000000000000000000000000aa\tx\n`),
      /a row before the/,
    );
  });

  it('checks EIP-55 checksums of mixed-case addresses and lower-cases every address', () => {
    const checksummed = getAddress('0x' + 'ab'.repeat(20));
    assert.notEqual(checksummed, checksummed.toLowerCase()); // the test needs a mixed-case checksum
    assert.equal(checkedAddress(checksummed, 'x'), checksummed.toLowerCase());
    assert.equal(checkedAddress(checksummed.toUpperCase().replace('0X', '0x'), 'x'), checksummed.toLowerCase());
    // One letter's case flipped: a transcription slip the checksum catches.
    const i = [...checksummed].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
    const slipped =
      checksummed.slice(0, i) +
      (checksummed[i] === checksummed[i]!.toLowerCase() ? checksummed[i]!.toUpperCase() : checksummed[i]!.toLowerCase()) +
      checksummed.slice(i + 1);
    assert.throws(
      () => checkedAddress(slipped, 'row 3'),
      (e: unknown) => e instanceof SeedListError && e.message === `row 3: ${slipped} fails its EIP-55 checksum (expected ${checksummed})`,
    );
  });
});
