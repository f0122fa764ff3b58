import { test } from 'node:test';
import detector from './unprotected-initializer.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('unprotected-initializer flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
