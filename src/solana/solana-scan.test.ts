/**
 * The Solana scan without the service around it: the layout it fills from a read, and
 * the documented error answer when the node is silent past the time cap.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { AuditLayoutSchema } from '../interface/schemas/audit-layout.ts';
import { sampleMint, startSolanaDevnet, type SolanaDevnet } from './devnet/solana-devnet.ts';
import { scanSolanaToken, type SolanaScanner } from './solana-scan.ts';
import { decodeMetaplexAccount } from './mint-facts.ts';
import { METAPLEX_METADATA_PROGRAM } from './solana-programs.ts';
import { devnetSolanaScanner, solanaScanContext } from '../testing/solana-scan-fixture.ts';

const validate = new Ajv({ strict: false, allErrors: true }).compile(AuditLayoutSchema);
const context = solanaScanContext;

describe('scanSolanaToken', () => {
  let devnet: SolanaDevnet;
  let scanner: SolanaScanner;
  before(async () => {
    devnet = await startSolanaDevnet();
    scanner = devnetSolanaScanner(devnet);
  });

  it('fills tokenProgram from on-mint metadata and the rest of the layout from the read', async () => {
    const mint = sampleMint(devnet, 'sol-token-metadata');
    const { result, store, topHolders } = await scanSolanaToken(scanner, context(mint.address));
    const layout = result.auditLayout;
    assert.ok(validate(layout), JSON.stringify(validate.errors?.slice(0, 3)));
    assert.equal(store, true);
    assert.equal(topHolders, 3);
    const program = layout.tokenProgram!;
    assert.deepEqual(program.findingCodes, ['ST2TMM']);
    assert.equal(program.namespace, 'token-2022-metadata');
    assert.equal(program.model, 'spl-token-2022');
    assert.equal(program.isMutable, true);
    assert.equal(program.updateAuthorityAddress, devnet.authority);
    assert.equal(program.metadataAddress, mint.address);
    assert.equal(program.tokenStandard, -1);
    assert.equal(program.symbol, 'STMM');
    assert.equal(layout.contract.symbol, 'STMM');
    assert.equal(layout.slug, 'stmm-sol');
    assert.notEqual(layout.rank, '');
    assert.deepEqual(layout.topHoldersHistory, [{ v: 3, t: '2026-01-02T03:04:05.000Z' }]);
    assert.deepEqual(result.meta.findings, [
      {
        origin: 'token-program',
        detector: 'ST2TMM',
        severity: 'low',
        title: 'has token-modifiable metadata',
        reads: 'extension TokenMetadata.updateAuthority',
      },
    ]);
  });

  it('answers RPC_TIMEOUT with the empty layout when the node is silent past the cap', async () => {
    const silent: SolanaScanner = {
      timeoutMs: 20,
      read: (_address, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const { result, store } = await scanSolanaToken(silent, context('4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'));
    assert.ok(validate(result.auditLayout), JSON.stringify(validate.errors?.slice(0, 3)));
    assert.equal(store, false);
    assert.equal(result.auditLayout.tokenProgram?.error, 'RPC_TIMEOUT');
    assert.equal(result.meta.sources.solana?.status, 'timeout');
    assert.equal(result.auditLayout.totalScore, 0);
    assert.equal(result.auditLayout.rank, '');
  });
});

describe('decodeMetaplexAccount', () => {
  const mint = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
  it('refuses an account of another program, undecodable bytes and another key', () => {
    assert.match(
      decodeMetaplexAccount('x', mint, '11111111111111111111111111111111', new Uint8Array(10)) as string,
      /not the Token Metadata program/,
    );
    assert.match(decodeMetaplexAccount('x', mint, METAPLEX_METADATA_PROGRAM, new Uint8Array([4, 0])) as string, /^malformed metadata/);
    assert.match(decodeMetaplexAccount('x', mint, METAPLEX_METADATA_PROGRAM, new Uint8Array(400)) as string, /^malformed metadata/);
  });
});
