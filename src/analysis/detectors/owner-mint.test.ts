import { test } from 'node:test';
import detector from './owner-mint.ts';
import { assertDetectorFixtures } from './detector-test-helper.ts';

test('owner-mint flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});

test('owner-mint says who holds a mint owned by a contract the same source deploys', async () => {
  const { readFileSync } = await import('node:fs');
  const { analyzeSources } = await import('../analyze.ts');
  const name = 'owner-mint/one-shot-and-farm.sol';
  const source = readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
  const findings = analyzeSources({ [name]: source }).findings.filter((f) => f.detector === 'owner-mint');
  const farm = findings.find((f) => f.description.startsWith('RewardToken.mint'));
  const assert = (await import('node:assert/strict')).default;
  assert.match(farm?.description ?? '', /the Farm contract, which deploys RewardToken with new/);
  const minter = findings.find((f) => f.description.startsWith('SelfDeployedMinter.mint'));
  assert.match(minter?.description ?? '', /minter \(the Emissions contract this source deploys\)/);
  const once = findings.find((f) => f.description.startsWith('OneShotMint.mintTeam'));
  assert.equal(once?.severity, 'medium');
});
