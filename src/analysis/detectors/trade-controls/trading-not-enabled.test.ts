import { test } from 'node:test';
import detector from './trading-not-enabled.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('trading-not-enabled flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
