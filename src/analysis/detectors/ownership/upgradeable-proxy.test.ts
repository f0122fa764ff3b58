import { test } from 'node:test';
import detector from './upgradeable-proxy.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('upgradeable-proxy flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
