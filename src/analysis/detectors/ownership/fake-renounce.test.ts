import { test } from 'node:test';
import detector from './fake-renounce.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('fake-renounce flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
