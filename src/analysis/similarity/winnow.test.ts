import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SymbolStream } from './normalize-tokens.ts';
import { uniqueSorted, winnow } from './winnow.ts';

function stream(values: number[]): SymbolStream {
  return { count: values.length, symbols: Uint32Array.from(values), tokenIndex: Uint32Array.from(values.keys()) };
}

// A deterministic pseudo-random sequence of symbols.
function sequence(seed: number, n: number): number[] {
  const out: number[] = [];
  let x = seed;
  for (let i = 0; i < n; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out.push(0x100 + (x % 50));
  }
  return out;
}

test('a shared run of k + w - 1 symbols always shares a fingerprint', () => {
  const params = { k: 5, w: 4 };
  for (let seed = 1; seed < 40; seed += 1) {
    const shared = sequence(seed, params.k + params.w - 1);
    const a = winnow(stream([...sequence(seed + 100, 30), ...shared, ...sequence(seed + 200, 30)]), params);
    const b = winnow(stream([...sequence(seed + 300, 17), ...shared]), params);
    const setA = new Set(a.hashes);
    assert.ok(
      Array.from(b.hashes).some((h) => setA.has(h)),
      `seed ${seed}`,
    );
  }
});

test('selects roughly 2/(w+1) of the k-grams, in order, with positions', () => {
  const params = { k: 6, w: 8 };
  const symbols = sequence(7, 5000);
  const fp = winnow(stream(symbols), params);
  const density = fp.hashes.length / (symbols.length - params.k + 1);
  assert.ok(density > 0.15 && density < 0.3, `density ${density}`);
  for (let i = 1; i < fp.positions.length; i += 1) assert.ok((fp.positions[i] ?? 0) > (fp.positions[i - 1] ?? 0));
});

test('a stream shorter than k has no fingerprints; uniqueSorted dedupes and sorts', () => {
  assert.equal(winnow(stream([1, 2, 3]), { k: 5, w: 4 }).hashes.length, 0);
  assert.deepEqual(Array.from(uniqueSorted(Uint32Array.from([5, 1, 5, 3, 1]))), [1, 3, 5]);
});
