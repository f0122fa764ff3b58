import { test } from 'node:test';
import detector from './weak-randomness.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('weak-randomness flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
