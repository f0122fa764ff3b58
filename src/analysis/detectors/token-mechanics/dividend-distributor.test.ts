import { test } from 'node:test';
import detector from './dividend-distributor.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('dividend-distributor flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
