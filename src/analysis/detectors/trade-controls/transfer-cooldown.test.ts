import { test } from 'node:test';
import detector from './transfer-cooldown.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('transfer-cooldown flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
