import { test } from 'node:test';
import detector from './owner-mint.ts';
import { assertDetectorFixtures } from './detector-test-helper.ts';

test('owner-mint flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
