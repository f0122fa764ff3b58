import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { encodeInSlices, serializeInSlices, stringifyArrayInSlices } from './sliced-json.ts';

/** A clock that moves `step` ms each time it is read, and a yield that counts. */
function fakeLoop(step: number) {
  let t = 0;
  const state = { yields: 0 };
  return {
    state,
    options: {
      budgetMs: 4,
      now: () => (t += step),
      yieldToLoop: async () => {
        state.yields += 1;
      },
    },
  };
}

const awkward: unknown[] = [
  { a: 1, b: 'x"y\\z\u2028', nested: [null, true, 1.5e-7] },
  undefined,
  () => 1,
  Symbol('s'),
  'text',
  0,
  -0,
  Number.NaN,
  new Date(0),
  { toJSON: () => ({ replaced: true }) },
  [],
  {},
];

const cleanItems: unknown[] = JSON.parse(JSON.stringify(awkward));

test('stringifies an array exactly as JSON.stringify does, odd items included', async () => {
  for (const items of [[], [1], awkward, Array.from({ length: 500 }, (_, i) => ({ i, s: `finding ${i}` }))]) {
    assert.equal(await stringifyArrayInSlices(items, fakeLoop(1).options), JSON.stringify(items));
  }
});

test('yields to the event loop each time a slice has used its budget', async () => {
  // Each item costs one clock read of 1 ms: a 4 ms budget yields every 4 items.
  const loop = fakeLoop(1);
  await stringifyArrayInSlices(
    Array.from({ length: 40 }, (_, i) => i),
    loop.options,
  );
  assert.equal(loop.state.yields, 10);
  // A fast clock never reaches the budget: no yield.
  const fast = fakeLoop(0);
  await stringifyArrayInSlices(
    Array.from({ length: 40 }, (_, i) => i),
    fast.options,
  );
  assert.equal(fast.state.yields, 0);
});

test('the spliced answer is byte for byte what the route serializer writes for the whole answer', async () => {
  const app = Fastify();
  const schema = {
    type: 'object',
    properties: {
      report: {
        type: 'object',
        properties: {
          // A union: the serializer checks its branch with Ajv.
          taxes: { anyOf: [{ type: 'object', properties: { buy: { type: 'number' } } }, { type: 'null' }] },
          findings: { type: 'array', items: {} },
          contracts: { type: 'array', items: {} },
          name: { type: 'string' },
        },
      },
      // Not in the answer's schema: the serializer drops it.
      extra: { type: 'string' },
    },
  };
  let whole = '';
  let sliced: Buffer = Buffer.alloc(0);
  app.get('/', { schema: { response: { 200: schema } } }, async (_request, reply) => {
    const answer = {
      report: {
        taxes: { buy: 0.05, hidden: 1 },
        // JSON-clean items, as every analysis result is after crossing the workers' JSON IPC.
        // (For `undefined` items fast-json-stringify writes `undefined`, not valid JSON; the
        // slices write `null`, as JSON.stringify does.)
        findings: [...cleanItems, { detector: 'reentrancy', text: 'marker-like ["sliced-json:x"]' }],
        contracts: [{ name: 'A' }],
        name: 'report',
        notInSchema: 'dropped',
      },
    };
    whole = reply.serializeInput(answer, '200') as string;
    sliced = await serializeInSlices(
      answer,
      (a, slice) => ({ ...a, report: { ...a.report, findings: slice(a.report.findings), contracts: slice(a.report.contracts) } }),
      (a) => reply.serializeInput(a, '200') as string,
      fakeLoop(1).options,
    );
    return reply.type('application/json; charset=utf-8').send(sliced);
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(sliced.toString('utf8'), whole);
  assert.equal(res.body, whole);
  assert.equal(res.headers['content-length'], String(Buffer.byteLength(whole)));
  assert.equal(JSON.parse(res.body).report.findings.length, cleanItems.length + 1);
  await app.close();
});

test('a large array the schema drops is not put back', async () => {
  const text = await serializeInSlices(
    { keep: 1, big: [1, 2, 3] },
    (a, slice) => ({ ...a, big: slice(a.big) }),
    (a) => JSON.stringify({ keep: a.keep }),
    fakeLoop(0).options,
  );
  assert.equal(text.toString('utf8'), '{"keep":1}');
});

test('encodes to the same UTF-8 whatever the chunk size, surrogate pairs never split', async () => {
  const segments = ['{"a":"', 'x😀y'.repeat(7), 'é€', '"}'];
  const expected = Buffer.from(segments.join(''), 'utf8');
  for (const chunkChars of [1, 2, 3, 5, 64]) {
    const loop = fakeLoop(1);
    const out = await encodeInSlices(segments, { ...loop.options, chunkChars });
    assert.deepEqual(out, expected, `chunks of ${chunkChars}`);
  }
  // Small chunks on a slow clock yield between them.
  const loop = fakeLoop(2);
  await encodeInSlices(segments, { ...loop.options, chunkChars: 2 });
  assert.ok(loop.state.yields > 5);
});

test('answers sliced at the same time are sliced one after the other, so a turn of the loop holds one slice', async () => {
  const slices: string[] = [];
  // Every item uses a slice's whole budget; each yield records whose slice just ended.
  const optionsOf = (name: string) => {
    let t = 0;
    return {
      budgetMs: 4,
      now: () => (t += 4),
      yieldToLoop: async () => {
        slices.push(name);
        await new Promise((resolve) => setImmediate(resolve));
      },
    };
  };
  const answer = (n: number) => ({ items: Array.from({ length: n }, (_, i) => i) });
  const large = (a: { items: number[] }, replace: <A>(items: readonly A[]) => A[]) => ({ items: replace(a.items) });
  const [a, b, failed, c] = await Promise.allSettled([
    serializeInSlices(answer(3), large, JSON.stringify, optionsOf('a')),
    serializeInSlices(answer(3), large, JSON.stringify, optionsOf('b')),
    serializeInSlices(answer(1), large, () => {
      throw new Error('serializer failed');
    }),
    serializeInSlices(answer(2), large, JSON.stringify, optionsOf('c')),
  ]);
  assert.equal(a.status === 'fulfilled' && a.value.toString(), '{"items":[0,1,2]}');
  assert.equal(b.status === 'fulfilled' && b.value.toString(), '{"items":[0,1,2]}');
  // A failed answer fails alone: the next still runs.
  assert.equal(failed.status === 'rejected' && (failed.reason as Error).message, 'serializer failed');
  assert.equal(c.status === 'fulfilled' && c.value.toString(), '{"items":[0,1]}');
  const firstB = slices.indexOf('b');
  assert.ok(firstB > 0 && slices.slice(0, firstB).every((s) => s === 'a'), `slices interleaved: ${slices.join(' ')}`);
  assert.ok(
    slices.slice(firstB).every((s, i, rest) => s !== 'a' && (s === 'b' || !rest.slice(i).includes('b'))),
    slices.join(' '),
  );
});
