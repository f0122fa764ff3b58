import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseSignatureDump } from '../signatures/parse-signature-dump.ts';
import { canonicalSignature } from '../signatures/canonical-signature.ts';
import { classifyBytecodeCapabilities } from '../analysis/bytecode/classify-capabilities.ts';

const text = readFileSync(new URL('./seed-signatures.txt', import.meta.url), 'utf8');
const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));

describe('seed signatures', () => {
  it('are all canonical, distinct and accepted by the dump parser', () => {
    const { entries, rejected } = parseSignatureDump(text);
    assert.equal(entries.length, lines.length, JSON.stringify(rejected.slice(0, 3)));
    for (const line of lines) assert.equal(canonicalSignature(line), line);
    assert.equal(new Set(lines).size, lines.length);
  });

  it('name capabilities the bytecode analysis reports', () => {
    const findings = classifyBytecodeCapabilities(
      lines.map((signature, i) => ({ selector: `0x${i.toString(16).padStart(8, '0')}`, signatures: [signature] })),
    );
    const of = (capability: string) => findings.filter((f) => f.capability === capability).map((f) => f.signature);
    assert.ok(of('blacklist').includes('setBots(address[],bool)'));
    assert.ok(of('pause').includes('openTrading()'));
    assert.ok(of('maxTxAmount').includes('removeLimits()'));
    assert.ok(of('setFees').includes('setTaxes(uint256,uint256)'));
    assert.ok(!of('blacklist').includes('unblockBot(address)'));
  });
});
