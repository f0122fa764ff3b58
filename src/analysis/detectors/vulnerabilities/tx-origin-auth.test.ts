import { test } from 'node:test';
import detector from './tx-origin-auth.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('tx-origin-auth flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
