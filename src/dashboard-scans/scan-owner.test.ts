import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { newScanOwner, ownerIsGone, processRuns } from './scan-owner.ts';

describe('scan owner', () => {
  const self = newScanOwner('web-1', 100);

  it('is never gone to itself, and unknown owners are not gone', () => {
    assert.match(self.id, /^web-1\/100\/[0-9a-f]{12}$/);
    assert.equal(
      ownerIsGone(self.id, self, () => false),
      false,
    );
    assert.equal(
      ownerIsGone('web-2/200/abc', self, () => false),
      false,
      'another host: the heartbeat decides',
    );
    assert.equal(
      ownerIsGone('garbage', self, () => false),
      false,
    );
    assert.equal(
      ownerIsGone('web-1/x/abc', self, () => false),
      false,
    );
  });

  it('on this host: gone when its pid runs no more, or is ours under another token (a restart)', () => {
    assert.equal(
      ownerIsGone('web-1/200/abc', self, () => false),
      true,
    );
    assert.equal(
      ownerIsGone('web-1/200/abc', self, () => true),
      false,
    );
    assert.equal(
      ownerIsGone('web-1/100/abc', self, () => true),
      true,
    );
  });

  it('tells a running process from an ended one', () => {
    assert.equal(processRuns(process.pid), true);
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    assert.ok(ended !== undefined);
    assert.equal(processRuns(ended), false);
  });
});
