import { test } from 'node:test';
import detector from './floating-pragma.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('floating-pragma flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
