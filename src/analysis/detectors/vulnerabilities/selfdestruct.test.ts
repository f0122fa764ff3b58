import { test } from 'node:test';
import detector from './selfdestruct.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('selfdestruct flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
