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
  const map = /## Layers\n+```\nsrc\/\n([\s\S]*?)```/.exec(doc);
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
