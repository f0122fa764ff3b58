import { test } from 'node:test';
import detector from './fee-setter.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('fee-setter flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
