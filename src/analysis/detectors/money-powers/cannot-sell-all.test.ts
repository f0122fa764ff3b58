import { test } from 'node:test';
import detector from './cannot-sell-all.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('cannot-sell-all flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
