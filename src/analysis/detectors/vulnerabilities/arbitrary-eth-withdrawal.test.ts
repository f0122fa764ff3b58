import { test } from 'node:test';
import detector from './arbitrary-eth-withdrawal.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('arbitrary-eth-withdrawal flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
