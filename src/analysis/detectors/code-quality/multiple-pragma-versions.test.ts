import { test } from 'node:test';
import detector from './multiple-pragma-versions.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('multiple-pragma-versions flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
