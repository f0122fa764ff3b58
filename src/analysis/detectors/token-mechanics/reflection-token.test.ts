import { test } from 'node:test';
import detector from './reflection-token.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('reflection-token flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
