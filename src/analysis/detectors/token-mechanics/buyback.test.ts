import { test } from 'node:test';
import detector from './buyback.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('buyback flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
