/**
 * The decision records under docs/decisions/ (see its README): every record has its four
 * header fields, every `Held by` path exists, numbers are unique and contiguous, the README's
 * index is current, and late `## ` sections of the old single file convert into records.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INDEX_END, INDEX_START, readRecords, renderReadme } from '../scripts/decisions-lib.ts';
import { convertLegacy } from '../scripts/decisions-from-legacy.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = join(root, 'docs/decisions');
const records = readRecords(dir);

describe('docs/decisions', () => {
  it('holds records, and the old single file is gone', () => {
    assert.ok(records.length > 100);
    assert.equal(existsSync(join(root, 'docs/decisions.md')), false);
  });

  it('every record has a title and the four header fields', () => {
    const bad = records.filter((r) => r.problems.length > 0).map((r) => `${r.file}: ${r.problems.join('; ')}`);
    assert.deepEqual(bad, []);
  });

  it('every Held by path exists', () => {
    const missing = records.flatMap((r) => r.heldBy.filter((p) => !existsSync(join(root, p))).map((p) => `${r.file}: ${p}`));
    assert.deepEqual(missing, []);
  });

  it('numbers are unique and contiguous from 0001', () => {
    assert.deepEqual(
      records.map((r) => r.number),
      records.map((_, i) => i + 1),
    );
  });

  it('superseded and amended records point at records that exist', () => {
    const numbers = new Set(records.map((r) => r.number));
    const dangling = records.flatMap((r) =>
      [...(r.status ?? '').matchAll(/by (\d{4})/g)].filter((m) => !numbers.has(Number(m[1]))).map((m) => `${r.file}: ${m[1]}`),
    );
    assert.deepEqual(dangling, []);
  });

  it("the README's index is current (node --import tsx scripts/decisions-index.ts)", async () => {
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    assert.equal(await renderReadme(dir, readme), readme);
  });
});

describe('scripts/decisions-from-legacy.ts', () => {
  it('writes appended sections as the next records and regenerates the index', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'decisions-'));
    try {
      const target = join(tmp, 'decisions');
      mkdirSync(target);
      writeFileSync(join(target, 'README.md'), `# Decisions\n\n${INDEX_START}\n${INDEX_END}\n`);
      writeFileSync(
        join(target, '0001-first.md'),
        '# 0001. First\n\n- Date: 2026-11-01\n- Status: accepted\n- Area: Test\n- Held by: none yet\n\nText.\n',
      );
      const legacy = [
        '# Decisions',
        '',
        '## Simulation: a late choice (2026-11-28)',
        '',
        'Held by `test/docs-decisions.test.ts`; `test/no-such.test.ts` does not exist.',
        '',
        '## Networks',
        '',
        '- One bullet, no test.',
        '',
      ].join('\n');
      const written = await convertLegacy(legacy, { dir: target, date: '2026-11-28', root });
      assert.deepEqual(written, ['0002-simulation-a-late-choice.md', '0003-networks.md']);
      assert.deepEqual(readdirSync(target).sort(), ['0001-first.md', ...written, 'README.md']);

      const converted = readRecords(target);
      assert.deepEqual(
        converted.map((r) => [r.number, r.title, r.date, r.status, r.area, r.heldBy, r.heldByNone, r.problems]),
        [
          [1, 'First', '2026-11-01', 'accepted', 'Test', [], true, []],
          [2, 'Simulation: a late choice', '2026-11-28', 'accepted', 'Simulation', ['test/docs-decisions.test.ts'], false, []],
          [3, 'Networks', '2026-11-28', 'accepted', 'Networks', [], true, []],
        ],
      );
      assert.match(readFileSync(join(target, written[1] as string), 'utf8'), /\n- One bullet, no test\.\n$/);
      const readme = readFileSync(join(target, 'README.md'), 'utf8');
      assert.match(readme, /\[0003\]\(0003-networks\.md\)/);
      assert.equal(await renderReadme(target, readme), readme);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
