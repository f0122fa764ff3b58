import { test } from 'node:test';
import detector from './external-call-in-transfer.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('external-call-in-transfer flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
