import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSpilledItems, spillItems } from './spilled-items.ts';

test('items cross through a file as they would through JSON, and the file is removed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sw-spill-'));
  try {
    const items = [{ name: 'A', bases: ['B'], text: 'line\nbreak "quoted" \u2028' }, undefined, 3, 'x', null, [1, [2]]];
    const file = spillItems(items, dir);
    assert.deepEqual(await readSpilledItems(file), JSON.parse(JSON.stringify(items)));
    assert.equal(existsSync(file), false);
    assert.deepEqual(await readSpilledItems(spillItems([], dir)), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('reading yields to the event loop whenever a slice has used its budget', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sw-spill-'));
  try {
    const items = Array.from({ length: 50 }, (_, i) => ({ i }));
    let yields = 0;
    const yieldToLoop = async () => void (yields += 1);
    // A clock that passes the budget at every item: a turn after each.
    let clock = 0;
    const read = await readSpilledItems(spillItems(items, dir), { budgetMs: 1, now: () => (clock += 2), yieldToLoop });
    assert.deepEqual(read, items);
    assert.equal(yields, 50);
    // A clock that never moves: no slice ends.
    yields = 0;
    await readSpilledItems(spillItems(items, dir), { budgetMs: 1, now: () => 0, yieldToLoop });
    assert.equal(yields, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
