import { test } from 'node:test';
import detector from './reentrancy.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('reentrancy flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
