import { test } from 'node:test';
import detector from './owner-changes-balances.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('owner-changes-balances flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
