import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startExplorerReplay, replayRows, type ExplorerReplay } from '../testing/explorer-replay.ts';
import { explorerHistoryReader } from './explorer-history.ts';
import { HistoryError } from './history.ts';

const ME = '0x1111111111111111111111111111111111111111';
const MIXER = '0x2222222222222222222222222222222222222222';

describe('explorer history (Etherscan V2 formats, replayed locally)', () => {
  let replay: ExplorerReplay;
  before(async () => {
    replay = await startExplorerReplay({
      txlist: {
        [ME]: [
          ...replayRows(ME, [MIXER], 3),
          { ...replayRows(ME, [MIXER], 1)[0]!, hash: '0xcreate', to: '', contractAddress: '0x5555555555555555555555555555555555555555' },
        ],
      },
      txlistinternal: { [ME]: replayRows(ME, [MIXER], 2).map((r) => ({ ...r, hash: `${r.hash.slice(0, -1)}f` })) },
    });
  });
  after(() => replay.close());
  const reader = (over: Partial<Parameters<typeof explorerHistoryReader>[0]> = {}) =>
    explorerHistoryReader({ apiKey: 'k', apiUrl: replay.url, network: 'ETH', chainId: 1, retryDelayMs: 0, ...over });

  it('reads normal and internal transactions and token transfers ("No transactions found" is empty)', async () => {
    const history = await reader()(ME, AbortSignal.timeout(5000));
    assert.equal(history.source, 'explorer');
    assert.equal(history.complete, true);
    assert.equal(history.txs.filter((t) => t.kind === 'normal').length, 4);
    assert.equal(history.txs.filter((t) => t.kind === 'internal').length, 2);
    assert.equal(history.txs.filter((t) => t.kind === 'token').length, 0);
    assert.equal(history.txs.find((t) => t.hash === '0xcreate')!.created, '0x5555555555555555555555555555555555555555');
    const actions = replay.requests.map((q) => q.get('action'));
    assert.deepEqual(actions.slice(-3), ['txlist', 'txlistinternal', 'tokentx']);
    assert.equal(replay.requests.at(-1)!.get('chainid'), '1');
  });

  it('retries once after a rate-limit body, then reports the limit', async () => {
    replay.mode = 'rate-limit-once';
    assert.equal((await reader()(ME, AbortSignal.timeout(5000))).txs.length, 6);
    replay.mode = 'rate-limit';
    await assert.rejects(reader()(ME, AbortSignal.timeout(5000)), (e: unknown) => e instanceof HistoryError && e.kind === 'rate-limited');
  });

  it('names a refused key, an unsupported chain, an HTTP error, garbage and a hang', async () => {
    const kind = async (mode: typeof replay.mode, over: Partial<Parameters<typeof explorerHistoryReader>[0]> = {}, ms = 5000) => {
      replay.mode = mode;
      try {
        await reader(over)(ME, AbortSignal.timeout(ms));
        return 'none';
      } catch (error) {
        assert.ok(error instanceof HistoryError);
        assert.doesNotMatch(error.message, /apikey=k/);
        return error.kind;
      }
    };
    assert.equal(await kind('invalid-key'), 'invalid-key');
    assert.equal(await kind('ok', { chainId: 99999 }), 'explorer-error');
    assert.equal(await kind('http-500'), 'bad-response');
    assert.equal(await kind('garbage'), 'bad-response');
    assert.equal(await kind('hang', {}, 200), 'timeout');
    replay.mode = 'ok';
  });
});
