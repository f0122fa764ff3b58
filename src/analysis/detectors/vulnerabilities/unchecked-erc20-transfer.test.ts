import { test } from 'node:test';
import detector from './unchecked-erc20-transfer.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('unchecked-erc20-transfer flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
