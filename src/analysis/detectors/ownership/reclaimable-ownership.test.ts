import { test } from 'node:test';
import detector from './reclaimable-ownership.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('reclaimable-ownership flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
