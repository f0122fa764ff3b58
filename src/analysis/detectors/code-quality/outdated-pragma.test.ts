import { test } from 'node:test';
import detector from './outdated-pragma.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('outdated-pragma flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
