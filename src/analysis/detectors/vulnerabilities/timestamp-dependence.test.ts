import { test } from 'node:test';
import detector from './timestamp-dependence.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('timestamp-dependence flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
