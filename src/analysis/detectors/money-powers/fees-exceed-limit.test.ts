import { test } from 'node:test';
import detector from './fees-exceed-limit.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('fees-exceed-limit flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
