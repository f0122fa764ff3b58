import { test } from 'node:test';
import detector from './personal-fee.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('personal-fee flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
