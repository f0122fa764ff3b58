import { test } from 'node:test';
import detector from './launchpad-anti-bot.ts';
import { assertDetectorFixtures } from '../detector-test-helper.ts';

test('launchpad-anti-bot flags exactly the annotated lines of its fixtures', () => {
  assertDetectorFixtures(detector);
});
