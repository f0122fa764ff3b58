/**
 * The reader against the embedded network: what it reads from each kind of mint, in how
 * many round trips, and what it says about everything that is not a readable mint.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LiteSVM } from 'litesvm';
import { lamports, type Address } from '@solana/kit';
import { sampleMint, startSolanaDevnet, type SolanaDevnet } from './devnet/solana-devnet.ts';
import { buildSampleMints } from './devnet/build-sample-mints.ts';
import { createSolanaRpcHandler } from './devnet/solana-rpc-handler.ts';
import { SAMPLE_MINT_SPECS } from './devnet/sample-mints.ts';
import { createSolanaRpcClient, type JsonRpcHandler } from './solana-rpc.ts';
import { readSolanaToken, SolanaReadError } from './read-solana-token.ts';
import { findingCodes } from './finding-codes.ts';
import { METAPLEX_METADATA_PROGRAM, metaplexMetadataAddress, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './solana-programs.ts';

async function readError(handler: JsonRpcHandler, address: string, signal?: AbortSignal): Promise<SolanaReadError> {
  const { rpc } = createSolanaRpcClient({ handler });
  try {
    await readSolanaToken(rpc, address, signal ? { signal } : {});
  } catch (error) {
    assert.ok(error instanceof SolanaReadError, String(error));
    return error;
  }
  assert.fail(`${address} was read as a mint`);
}

describe('readSolanaToken on the embedded network', () => {
  let devnet: SolanaDevnet;
  before(async () => {
    devnet = await startSolanaDevnet();
  });

  it('reads a Token mint, its Metaplex metadata and every holder in two round trips', async () => {
    const client = createSolanaRpcClient({ handler: devnet.request });
    const read = await readSolanaToken(client.rpc, sampleMint(devnet, 'sol-mutable-metadata').address);
    assert.equal(client.requests(), 2);
    assert.equal(read.facts.programAddress, TOKEN_PROGRAM);
    assert.equal(read.facts.decimals, 9);
    assert.equal(read.facts.supply, 1_000_000n * 10n ** 9n);
    assert.equal(read.facts.mintAuthority, null);
    assert.equal(read.facts.metaplex?.isMutable, true);
    assert.equal(read.facts.metaplex?.name, 'Mutable Sol Token');
    assert.equal(read.facts.metaplex?.updateAuthority, devnet.authority);
    assert.equal(read.facts.metaplex?.address, await metaplexMetadataAddress(read.facts.address));
    assert.deepEqual(read.holders, {
      total: 3,
      top: [600_000n, 250_000n, 150_000n].map((amount, i) => ({ owner: devnet.holders[i]!, amount: amount * 10n ** 9n })),
    });
  });

  it('decodes the Token-2022 extensions with their values', async () => {
    const { rpc } = createSolanaRpcClient({ handler: devnet.request });
    const fee = (await readSolanaToken(rpc, sampleMint(devnet, 'sol-transfer-fee').address)).facts;
    assert.equal(fee.programAddress, TOKEN_2022_PROGRAM);
    assert.equal(fee.extensions.transferFeeConfig?.newerTransferFee.transferFeeBasisPoints, 250);
    assert.equal(fee.extensions.transferFeeConfig?.transferFeeConfigAuthority, devnet.authority);
    assert.equal(fee.extensions.permanentDelegate, null);
    const grouped = (await readSolanaToken(rpc, sampleMint(devnet, 'sol-close-group-member').address)).facts;
    assert.equal(grouped.extensions.mintCloseAuthority?.closeAuthority, devnet.authority);
    assert.deepEqual(grouped.extensions.groupPointer, { authority: null, groupAddress: grouped.address });
    assert.deepEqual(grouped.extensions.memberPointer, { authority: null, memberAddress: grouped.address });
    const onMint = (await readSolanaToken(rpc, sampleMint(devnet, 'sol-token-metadata').address)).facts;
    assert.equal(onMint.extensions.tokenMetadata?.symbol, 'STMM');
    assert.equal(onMint.metaplex, null);
    assert.equal(onMint.metadataNote, '');
    const frozen = (await readSolanaToken(rpc, sampleMint(devnet, 'sol-default-frozen').address)).facts;
    assert.deepEqual(frozen.extensions.defaultAccountState, { state: 'frozen' });
    assert.equal(frozen.freezeAuthority, null);
  });

  it('says NOT_A_MINT for a wallet, a program and a token account', async () => {
    assert.equal((await readError(devnet.request, devnet.holders[0]!)).code, 'NOT_A_MINT');
    assert.equal((await readError(devnet.request, TOKEN_2022_PROGRAM)).code, 'NOT_A_MINT');
    const [tokenAccount] = (
      (await devnet.request({
        jsonrpc: '2.0',
        id: 1,
        method: 'getTokenLargestAccounts',
        params: [sampleMint(devnet, 'sol-plain').address],
      })) as { result: { value: { address: string }[] } }
    ).result.value;
    const error = await readError(devnet.request, tokenAccount!.address);
    assert.equal(error.code, 'NOT_A_MINT');
    assert.match(error.message, /token account/);
  });

  it('says ACCOUNT_NOT_FOUND for an address with nothing on it', async () => {
    assert.equal((await readError(devnet.request, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T')).code, 'ACCOUNT_NOT_FOUND');
  });
});

describe('readSolanaToken on damaged state and failing nodes', () => {
  it('says ACCOUNT_NOT_FOUND for a closed mint, and keeps a mint whose metadata is malformed without STUA', async () => {
    const svm = new LiteSVM();
    const built = await buildSampleMints(
      svm,
      SAMPLE_MINT_SPECS.filter((s) => s.behaviour === 'sol-mutable-metadata' || s.behaviour === 'sol-plain'),
    );
    const [mutable, plain] = [
      built.mints.find((m) => m.behaviour === 'sol-mutable-metadata')!,
      built.mints.find((m) => m.behaviour === 'sol-plain')!,
    ];
    const metadata = await metaplexMetadataAddress(mutable.address);
    // Garbage where the metadata account should be: owned by the program, undecodable.
    svm.setAccount({
      address: metadata as Address,
      data: new Uint8Array([4, 1, 2, 3]),
      executable: false,
      lamports: lamports(1_000_000n),
      programAddress: METAPLEX_METADATA_PROGRAM as Address,
      space: 4n,
    } as never);
    // A closed account is gone: no lamports, no data (what CloseAccount leaves).
    svm.setAccount({
      address: plain.address as Address,
      data: new Uint8Array(),
      executable: false,
      lamports: lamports(0n),
      programAddress: '11111111111111111111111111111111' as Address,
      space: 0n,
    } as never);
    const handler = createSolanaRpcHandler({ svm });
    const { rpc } = createSolanaRpcClient({ handler });
    const read = await readSolanaToken(rpc, mutable.address);
    assert.equal(read.facts.metaplex, null);
    assert.match(read.facts.metadataNote, /^malformed metadata/);
    assert.deepEqual(findingCodes(read.facts), []);
    assert.equal((await readError(handler, plain.address)).code, 'ACCOUNT_NOT_FOUND');
  });

  it('says RPC_UNAVAILABLE when the node answers errors or cannot be reached', async () => {
    const broken: JsonRpcHandler = async (payload) => ({
      jsonrpc: '2.0',
      id: (payload as { id: number }).id,
      error: { code: -32005, message: 'node is behind' },
    });
    const error = await readError(broken, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T');
    assert.equal(error.code, 'RPC_UNAVAILABLE');
    assert.match(error.message, /could not be read/);
    const { rpc } = createSolanaRpcClient({ url: 'http://127.0.0.1:9/' });
    await assert.rejects(
      readSolanaToken(rpc, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'),
      (e: unknown) => e instanceof SolanaReadError && e.code === 'RPC_UNAVAILABLE',
    );
  });

  it('says RPC_TIMEOUT when the caller gives up on a node that does not answer', async () => {
    const controller = new AbortController();
    // The node takes the request and never answers; the caller's time cap then fires.
    const silent: JsonRpcHandler = () => {
      queueMicrotask(() => controller.abort());
      return new Promise(() => {});
    };
    const error = await readError(silent, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', controller.signal);
    assert.equal(error.code, 'RPC_TIMEOUT');
  });

  it('falls back to the largest accounts when the node refuses the holder scan', async () => {
    const devnet = await startSolanaDevnet();
    const refusing: JsonRpcHandler = async (payload) => {
      const p = payload as { id: number; method: string };
      if (p.method === 'getProgramAccounts')
        return { jsonrpc: '2.0', id: p.id, error: { code: -32010, message: 'excluded from account secondary indexes' } };
      return devnet.request(payload);
    };
    const client = createSolanaRpcClient({ handler: refusing });
    const read = await readSolanaToken(client.rpc, sampleMint(devnet, 'sol-plain').address);
    assert.equal(read.holders?.total, null);
    assert.deepEqual(
      read.holders?.top.map((h) => h.owner),
      devnet.holders,
    );
    assert.match(read.holdersNote, /holder count unknown/);
    assert.equal(client.requests(), 4);
  });
});
