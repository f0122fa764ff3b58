import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lineAt, markedLines, orderedFiles, severityCounts, viewFindings, viewScores, viewSimilarity } from './scan-view.ts';

const engine = [
  { id: 'a', detector: 'mint', severity: 'low', title: 'Owner can mint', file: 'T.sol', ranges: [[10, 12]] },
  {
    id: 'b',
    detector: 'sell',
    severity: 'critical',
    title: 'Sell blocked',
    file: 'T.sol',
    ranges: [
      [20, 20],
      [30, 31],
    ],
  },
  { detector: 'x', severity: 'made-up', title: 'Odd', file: 'L.sol', line: 5, endLine: 6 },
  'not a finding',
];

describe('scan view', () => {
  it('normalises findings from both result shapes, most severe first', () => {
    const findings = viewFindings(engine);
    assert.deepEqual(
      findings.map((f) => [f.key, f.severity, f.file, f.ranges]),
      [
        [
          'b',
          'critical',
          'T.sol',
          [
            [20, 20],
            [30, 31],
          ],
        ],
        ['a', 'low', 'T.sol', [[10, 12]]],
        ['2', 'informational', 'L.sol', [[5, 6]]],
      ],
    );
    assert.deepEqual(severityCounts(findings), { critical: 1, high: 0, medium: 0, low: 1, informational: 1 });
    assert.deepEqual(viewFindings(undefined), []);
  });

  it('marks the lines of one file, and findings without a file on a single-file source', () => {
    const findings = viewFindings([...engine, { severity: 'high', title: 'No file', line: 2 }]);
    assert.deepEqual(
      [...markedLines(findings, 'T.sol', false).keys()].sort((a, b) => a - b),
      [10, 11, 12, 20, 30, 31],
    );
    assert.deepEqual(
      [...markedLines(findings, 'T.sol', true).keys()].sort((a, b) => a - b),
      [2, 10, 11, 12, 20, 30, 31],
    );
    assert.deepEqual(orderedFiles({ 'A.sol': '', 'L.sol': '', 'T.sol': '' }, findings), ['T.sol', 'L.sol', 'A.sol']);
  });

  it('gives the six scores with their factors; a source scan has only security and total', () => {
    const factors = [
      { score: 'security', factor: 'base', effect: 100, detail: 'start' },
      { score: 'security', factor: 'mint', effect: -20, detail: 'owner can mint' },
      { score: 'market', factor: 'liquidity', effect: 3, detail: 'pool' },
    ];
    const scores = viewScores({ securityScore: 80, securityScorePercentile: 40, marketScore: 3, totalScore: 50 }, factors);
    assert.deepEqual(
      scores.map((s) => [s.name, s.value, s.percentile, s.factors.length]),
      [
        ['security', 80, 40, 2],
        ['decentralisation', null, null, 0],
        ['market', 3, null, 1],
        ['community', null, null, 0],
        ['fundamentals', null, null, 0],
        ['total', 50, null, 0],
      ],
    );
    const source = viewScores(null, [], { security: 71, total: null });
    assert.deepEqual(
      source.map((s) => s.value),
      [71, null, null, null, null, null],
    );
  });
});

describe('similarity in the code', () => {
  it('places character offsets as lines in a single-file source, and claims no line for several files', () => {
    const text = 'a\nbb\ncontract X {\n}\n';
    assert.equal(lineAt(text, 0), 1);
    assert.equal(lineAt(text, 5), 3);
    const one = viewSimilarity([{ name: 'X', start: 5, end: 19, score: 0.9, origin: 'solmate', file: 'src/X.sol' }], { 'X.sol': text });
    assert.deepEqual(one[0]?.at, { path: 'X.sol', lines: [3, 4] });
    assert.equal(one[0]?.referenceFile, 'src/X.sol');
    const two = viewSimilarity([{ name: 'X', start: 5, end: 19, score: 0.9, origin: 'solmate', file: 'src/X.sol' }], {
      'X.sol': text,
      'Y.sol': '',
    });
    assert.equal(two[0]?.at, undefined);
  });
});
