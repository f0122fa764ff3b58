import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import detector from './owner-mint.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';
import { analyzeSources } from '../../analyze.ts';

test('owner-mint flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});

test('owner-mint says who holds a mint owned by a contract the same source deploys, and bounds a one-shot mint', () => {
  const name = 'owner-mint/one-shot-and-farm.sol';
  const source = readFileSync(new URL(`../__fixtures__/${name}`, import.meta.url), 'utf8');
  const findings = analyzeSources({ [name]: source }).findings.filter((f) => f.detector === 'owner-mint');
  const farm = findings.find((f) => f.description.startsWith('RewardToken.mint'));
  assert.match(farm?.description ?? '', /the Farm contract, which deploys RewardToken with new/);
  const minter = findings.find((f) => f.description.startsWith('SelfDeployedMinter.mint'));
  assert.match(minter?.description ?? '', /minter \(the Emissions contract this source deploys\)/);
  const once = findings.find((f) => f.description.startsWith('OneShotMint.mintTeam'));
  assert.equal(once?.severity, 'medium');
});
