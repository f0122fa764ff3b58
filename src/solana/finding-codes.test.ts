/**
 * Each of the twelve finding codes is produced by the sample mint built for it and by no
 * mint built without it: the mints are real accounts of the SPL Token and Token-2022
 * programs in the embedded network, read back through its JSON-RPC.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSolanaDevnet, type SolanaDevnet } from './devnet/solana-devnet.ts';
import { SAMPLE_MINT_SPECS, type SampleMintBehaviour } from './devnet/sample-mints.ts';
import { createSolanaRpcClient } from './solana-rpc.ts';
import { readSolanaToken } from './read-solana-token.ts';
import { FINDING_CODES, FINDING_RULES, findingCodes, type FindingCode } from './finding-codes.ts';
import { EMPTY_EXTENSIONS, type SolanaMintFacts } from './mint-facts.ts';

/** The sample built to show each code (its name says so). */
const BUILT_FOR: Readonly<Record<FindingCode, SampleMintBehaviour>> = {
  STMA: 'sol-mint-authority',
  STFA: 'sol-freeze-authority',
  STUA: 'sol-mutable-metadata',
  ST2PDA: 'sol-permanent-delegate',
  ST2THE: 'sol-transfer-hook',
  ST2MDAS: 'sol-default-state',
  ST2FDAS: 'sol-default-frozen',
  ST2ETFC: 'sol-transfer-fee',
  ST2IBTC: 'sol-interest-bearing',
  ST2UMA: 'sol-metadata-pointer',
  ST2TMM: 'sol-token-metadata',
  ST2NTT: 'sol-non-transferable',
};

describe('Solana finding codes on the sample mints', () => {
  let devnet: SolanaDevnet;
  const codesRead = new Map<SampleMintBehaviour, FindingCode[]>();
  before(async () => {
    devnet = await startSolanaDevnet();
    const { rpc } = createSolanaRpcClient({ handler: devnet.request });
    for (const mint of devnet.mints) codesRead.set(mint.behaviour, findingCodes((await readSolanaToken(rpc, mint.address)).facts));
  });

  it('reads back from every sample exactly the codes it was built for', () => {
    for (const spec of SAMPLE_MINT_SPECS) assert.deepEqual(codesRead.get(spec.behaviour), [...spec.codes], spec.behaviour);
  });

  it('reads no code from the plain mint (authorities revoked, immutable metadata)', () => {
    assert.deepEqual(codesRead.get('sol-plain'), []);
  });

  for (const code of FINDING_CODES) {
    it(`${code}: produced by ${BUILT_FOR[code]} and by no mint built without it`, () => {
      const producing = [...codesRead].filter(([, codes]) => codes.includes(code)).map(([behaviour]) => behaviour);
      const builtWith = SAMPLE_MINT_SPECS.filter((s) => s.codes.includes(code)).map((s) => s.behaviour);
      assert.ok(producing.includes(BUILT_FOR[code]), `${BUILT_FOR[code]} does not produce ${code}`);
      assert.deepEqual(producing.sort(), builtWith.sort());
    });
  }
});

describe('finding-code rules', () => {
  const plain: SolanaMintFacts = {
    address: 'So11111111111111111111111111111111111111112',
    program: 'token-2022',
    programAddress: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
    mintAuthority: null,
    freezeAuthority: null,
    supply: 0n,
    decimals: 0,
    isInitialized: true,
    extensions: { ...EMPTY_EXTENSIONS },
    metaplex: null,
    metadataNote: '',
  };
  const someone = '2RjEksQpWkjjcErcDdFBEtEPeEuMgxFUxR7y7U1gJBej';

  it('name the fields they read, once per code, in the spec order', () => {
    assert.deepEqual(
      FINDING_RULES.map((r) => r.code),
      [...FINDING_CODES],
    );
    for (const rule of FINDING_RULES) assert.ok(rule.reads.length > 0, rule.code);
  });

  it('need the authority, not just the extension, for the "can …" codes', () => {
    const withAuthorityless = {
      ...plain,
      extensions: {
        ...EMPTY_EXTENSIONS,
        transferFeeConfig: {
          transferFeeConfigAuthority: null,
          withdrawWithheldAuthority: null,
          withheldAmount: '0',
          olderTransferFee: { epoch: 0, maximumFee: '0', transferFeeBasisPoints: 100 },
          newerTransferFee: { epoch: 0, maximumFee: '0', transferFeeBasisPoints: 100 },
        },
        metadataPointer: { authority: null, metadataAddress: someone },
        tokenMetadata: { updateAuthority: null, mint: someone, name: 'a', symbol: 'b', uri: '', additionalMetadata: {} },
        defaultAccountState: { state: 'initialized' as const },
        transferHook: { authority: null, programId: null },
        permanentDelegate: { delegate: null },
      },
    };
    assert.deepEqual(findingCodes(withAuthorityless), []);
  });

  it('flag a transfer hook that an authority can still install', () => {
    assert.deepEqual(
      findingCodes({ ...plain, extensions: { ...EMPTY_EXTENSIONS, transferHook: { authority: someone, programId: null } } }),
      ['ST2THE'],
    );
  });
});
