import { test } from 'node:test';
import detector from './max-tx-amount.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('max-tx-amount flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
