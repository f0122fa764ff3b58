import { test } from 'node:test';
import detector from './owner-burn.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('owner-burn flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
