/**
 * docs/architecture.md's layer map names every folder of src/ (issue 31: a map that leaves
 * folders out stops being the map). A folder added without a line there fails this test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the layer map in docs/architecture.md names every folder of src/, and no folder that is gone', () => {
  const doc = readFileSync(`${root}docs/architecture.md`, 'utf8');
  const map = /## Layers\n[^#]*?```\nsrc\/\n([\s\S]*?)```/.exec(doc);
  assert.ok(map, 'docs/architecture.md has a "## Layers" section opening with a src/ code block');
  const named = new Set([...map[1]!.matchAll(/^ {2}([a-z][\w-]*)\/ /gm)].map((m) => m[1]!));
  const folders = readdirSync(`${root}src`, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  assert.deepEqual(
    folders.filter((f) => !named.has(f)),
    [],
    'folders of src/ missing from the layer map',
  );
  assert.deepEqual([...named].filter((f) => !folders.includes(f)).sort(), [], 'the layer map names folders that are not in src/');
});

/** Every folder of src/ below the top, fixtures aside. */
function foldersUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(`${root}${dir}`, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '__fixtures__') continue;
    found.push(`${dir}/${entry.name}`, ...foldersUnder(`${dir}/${entry.name}`));
  }
  return found;
}

test("each folder's README.md says in a few lines what lives there (issue 31 item 4)", () => {
  const problems: string[] = [];
  for (const folder of ['src', ...foldersUnder('src')]) {
    let text: string;
    try {
      text = readFileSync(`${root}${folder}/README.md`, 'utf8');
    } catch {
      problems.push(`${folder}: no README.md`);
      continue;
    }
    const lines = text.trimEnd().split('\n');
    const name = folder.split('/').pop()!;
    if (!lines[0]!.startsWith('# ') || !lines[0]!.includes(`${name}/`))
      problems.push(`${folder}: first line is not a heading naming ${name}/`);
    const body = lines.slice(1).filter((line) => line.trim() !== '');
    if (body.length === 0) problems.push(`${folder}: says nothing below its heading`);
    if (body.length > 8) problems.push(`${folder}: ${body.length} lines, a few are wanted (the detail belongs in the code or docs/)`);
  }
  assert.deepEqual(problems, []);
});
