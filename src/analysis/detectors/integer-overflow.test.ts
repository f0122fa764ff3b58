import { test } from 'node:test';
import detector from './integer-overflow.ts';
import { assertDetectorFixtures } from './detector-test-helper.ts';

test('integer-overflow flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
