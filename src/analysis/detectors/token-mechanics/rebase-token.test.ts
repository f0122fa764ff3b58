import { test } from 'node:test';
import detector from './rebase-token.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('rebase-token flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
