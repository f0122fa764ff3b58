import { test } from 'node:test';
import detector from './pause-transfers.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('pause-transfers flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
