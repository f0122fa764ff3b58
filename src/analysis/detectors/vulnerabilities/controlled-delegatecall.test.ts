import { test } from 'node:test';
import detector from './controlled-delegatecall.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('controlled-delegatecall flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
