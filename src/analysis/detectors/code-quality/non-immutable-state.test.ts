import { test } from 'node:test';
import detector from './non-immutable-state.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('non-immutable-state flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
