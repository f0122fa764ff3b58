import { test } from 'node:test';
import detector from './max-wallet.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('max-wallet flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
