import { test } from 'node:test';
import detector from './blacklist-many.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('blacklist-many flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
