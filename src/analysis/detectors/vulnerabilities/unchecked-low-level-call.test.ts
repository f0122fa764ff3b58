import { test } from 'node:test';
import detector from './unchecked-low-level-call.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('unchecked-low-level-call flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
