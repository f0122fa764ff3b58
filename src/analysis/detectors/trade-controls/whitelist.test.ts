import { test } from 'node:test';
import detector from './whitelist.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('whitelist flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
