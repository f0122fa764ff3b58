import { computeSimilarity } from '../src/analysis/similarity/compute-similarity.ts';
import { fingerprintSource } from '../src/analysis/similarity/fingerprint-source.ts';
import { InMemoryCorpusStore } from '../src/corpus/corpus-store.ts';
import { buildCorpusIndex } from '../src/corpus/build-corpus-index.ts';
const store = new InMemoryCorpusStore();
const built = await buildCorpusIndex({ store });
const index = (built as any).index ?? built;
let text = '';
for (const doc of await store.list()) { text += (await store.content(doc.file)) ?? ''; if (text.length > 3_900_000) break; }
text = text.slice(0, 3_900_000);
let t = performance.now(); const fp = fingerprintSource(text); const fpMs = performance.now() - t;
t = performance.now(); computeSimilarity(index, { 'a.sol': text }); const allMs = performance.now() - t;
console.log({ chars: text.length, fpMs, allMs, hashes: fp.hashes.length, tokens: fp.tokens.count });
