import { test } from 'node:test';
import detector from './sale-mint.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('sale-mint flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
