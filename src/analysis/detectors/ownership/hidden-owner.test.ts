import { test } from 'node:test';
import detector from './hidden-owner.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('hidden-owner flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
