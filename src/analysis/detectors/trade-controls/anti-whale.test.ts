import { test } from 'node:test';
import detector from './anti-whale.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('anti-whale flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
