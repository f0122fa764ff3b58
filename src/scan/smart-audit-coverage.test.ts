import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { smartAuditFromBytecode, unknownSmartAuditKeys } from './smart-audit-coverage.ts';
import { classifyBytecodeCapabilities } from '../analysis/bytecode/classify-capabilities.ts';
import { EMPTY_SMART_AUDIT } from './build-audit-layout.ts';

describe('smartAudit of unverified code', () => {
  const findings = classifyBytecodeCapabilities([
    { selector: '0x40c10f19', signatures: ['mint(address,uint256)'] },
    { selector: '0x9c0db5f3', signatures: ['setBots(address[],bool)'] },
    { selector: '0x70a08231', signatures: ['balanceOf(address)'] },
  ]);

  it('fills the keys the bytecode capabilities match, with line-less ranges naming the function', () => {
    const audit = smartAuditFromBytecode(findings);
    assert.deepEqual(audit.mint, [{ range: [0, 0], file: 'bytecode:0x40c10f19 mint(address,uint256)' }]);
    assert.deepEqual(audit.blacklist, [{ range: [0, 0], file: 'bytecode:0x9c0db5f3 setBots(address[],bool)' }]);
    assert.deepEqual(audit.pause, []);
    assert.deepEqual(EMPTY_SMART_AUDIT.mint, [], 'the shared empty value is not mutated');
  });

  it('lists every key it could not decide, and none of those it found', () => {
    const audit = smartAuditFromBytecode(findings);
    const unknown = unknownSmartAuditKeys('bytecode', audit, '');
    assert.equal(unknown['smartAudit.mint'], undefined);
    assert.equal(unknown['smartAudit.blacklist'], undefined);
    assert.match(unknown['smartAudit.pause']!, /not verified/);
    assert.match(unknown['smartAudit.whitelist']!, /only the source analysis/);
    assert.match(unknown['smartAudit.reflections']!, /only the source analysis/);
    assert.deepEqual(unknownSmartAuditKeys('source', audit, ''), {});
    const none = unknownSmartAuditKeys('none', EMPTY_SMART_AUDIT, 'timed out');
    assert.equal(Object.keys(none).length, Object.keys(EMPTY_SMART_AUDIT).length);
    assert.match(none['smartAudit.mint']!, /timed out/);
  });
});
