import { test } from 'node:test';
import detector from './non-descriptive-error.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('non-descriptive-error flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
