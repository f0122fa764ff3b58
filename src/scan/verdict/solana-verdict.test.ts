/**
 * The Solana verdict over every sample mint of the embedded network: the codes it was built
 * to produce are `yes` with the account field as evidence, the others `no`; selling is
 * decided only where the token program decides it; an unreadable mint is all `unknown`.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { VerdictSchema } from '../../interface/schemas/verdict.ts';

import { SAMPLE_MINT_SPECS } from '../../solana/devnet/sample-mints.ts';
import { sampleMint, startSolanaDevnet, type SolanaDevnet } from '../../solana/devnet/solana-devnet.ts';
import { scanSolanaToken, type SolanaScanner } from '../../solana/solana-scan.ts';
import { FINDING_CODES } from '../../solana/finding-codes.ts';
import { tokenProgramError } from '../../solana/token-program.ts';
import { solanaVerdict } from './solana-verdict.ts';
import { devnetSolanaScanner, solanaScanContext } from '../../testing/solana-scan-fixture.ts';

const context = solanaScanContext;

describe('solanaVerdict', () => {
  let devnet: SolanaDevnet;
  let scanner: SolanaScanner;
  before(async () => {
    devnet = await startSolanaDevnet();
    scanner = devnetSolanaScanner(devnet);
  });

  for (const spec of SAMPLE_MINT_SPECS) {
    it(`${spec.behaviour}: its codes yes with evidence, the rest no, in the spec's order`, async () => {
      const mint = sampleMint(devnet, spec.behaviour);
      const { result } = await scanSolanaToken(scanner, context(mint.address));
      const verdict = result.meta.verdict!;
      assert.ok(Value.Check(VerdictSchema, verdict), JSON.stringify([...Value.Errors(VerdictSchema, verdict)]));
      assert.deepEqual(
        verdict.risks.map((r) => r.id),
        [...FINDING_CODES],
      );
      assert.deepEqual(
        verdict.risks.filter((r) => r.answer === 'yes').map((r) => r.id),
        [...spec.codes],
      );
      assert.ok(verdict.risks.every((r) => r.answer !== 'unknown'));
      for (const risk of verdict.risks.filter((r) => r.answer === 'yes')) {
        assert.deepEqual(risk.evidence[0], {
          kind: 'finding',
          detector: risk.id,
          severity: risk.evidence[0]!.kind === 'finding' ? risk.evidence[0]!.severity : '',
        });
        assert.equal(risk.evidence[1]?.kind, 'account');
      }
      const blocked = spec.behaviour === 'sol-non-transferable' || spec.behaviour === 'sol-default-frozen';
      assert.equal(verdict.canSell, blocked ? 'no' : 'unknown');
      assert.equal(verdict.sellAfterOwnerActions.length, 0, 'nothing was simulated on Solana');
      const mintPower = verdict.powerHolders.find((p) => p.power.includes('mint authority'))!;
      assert.equal(mintPower.holder, spec.keepMintAuthority ? 'unknown' : 'nobody');
      if (spec.keepMintAuthority) assert.equal(mintPower.address, result.auditLayout.tokenProgram!.mintAuthorityAddress);
    });
  }

  it('words: a plain mint has no authority left; a delegated one says who can take tokens', async () => {
    const plain = (await scanSolanaToken(scanner, context(sampleMint(devnet, 'sol-plain').address))).result.meta.verdict!;
    assert.equal(
      plain.summary,
      'Whether you can sell is not known: Solana pools are not read yet, so no trade was simulated. No authority is left: the mint cannot be changed.',
    );
    const delegated = (await scanSolanaToken(scanner, context(sampleMint(devnet, 'sol-permanent-delegate').address))).result.meta.verdict!;
    assert.match(delegated.summary, /A permanent delegate can move or burn the tokens in any account, yours included\./);
    const frozen = (await scanSolanaToken(scanner, context(sampleMint(devnet, 'sol-freeze-authority').address))).result.meta.verdict!;
    assert.match(frozen.summary, /The freeze authority can freeze your token account/);
  });

  it('an unreadable mint: every code unknown with the read error, nothing held', () => {
    const v = solanaVerdict(tokenProgramError('So11111111111111111111111111111111111111112', 'NOT_A_MINT', '2026-01-02T03:04:05.000Z', ''));
    assert.ok(v.risks.every((r) => r.answer === 'unknown' && r.reason === 'the mint could not be read: NOT_A_MINT'));
    assert.equal(v.canSell, 'unknown');
    assert.deepEqual(v.powerHolders, []);
    assert.ok(Value.Check(VerdictSchema, v));
  });
});
