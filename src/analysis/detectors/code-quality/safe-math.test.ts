import { test } from 'node:test';
import detector from './safe-math.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('safe-math flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
