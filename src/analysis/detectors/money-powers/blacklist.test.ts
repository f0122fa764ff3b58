import { test } from 'node:test';
import detector from './blacklist.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('blacklist flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
