import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXPLORER_HOSTS, MAX_LINK_CHARS, parseExplorerUrl, typedHost } from './explorer-urls.ts';
import { allChainDetails } from './chain-details.ts';
import { networksFor } from './networks.ts';
import { MESSAGES } from '../interface/messages.ts';

const A = '0x39c2764C53c0520b89Ad236A4AccC5af037Ce350';

describe('parseExplorerUrl', () => {
  it('reads token and address pages, with or without www., query strings and fragments', () => {
    const cases: Array<[string, string]> = [
      [`https://bscscan.com/token/${A}`, 'BSC'],
      [`https://www.bscscan.com/token/${A}?a=0x0000000000000000000000000000000000000001`, 'BSC'],
      [`https://etherscan.io/address/${A}#code`, 'ETH'],
      [`https://WWW.Etherscan.io/address/${A}/#code`, 'ETH'],
      [`etherscan.io/token/${A}`, 'ETH'],
      [`https://optimistic.etherscan.io/address/${A}`, 'OPTIMISM'],
      [`https://testnet.bscscan.com/token/${A}#balances`, 'BSC_TESTNET'],
      [`https://blockscout.com/etc/mainnet/address/${A}/contracts`, 'ETC'],
      [`  https://basescan.org/token/${A}  `, 'BASE'],
    ];
    for (const [url, network] of cases) assert.deepEqual(parseExplorerUrl(url), { ok: true, network, address: A }, url);
  });

  it('says which forms are accepted for an unknown host or path', () => {
    assert.deepEqual(parseExplorerUrl(`https://example.com/token/${A}`), {
      ok: false,
      message: MESSAGES.dashboardScanForm.urlUnknownHost('example.com'),
    });
    for (const url of ['https://bscscan.com/tx/0xabc', `https://bscscan.com/token/${A.slice(0, 20)}`, 'https://bscscan.com/']) {
      assert.deepEqual(parseExplorerUrl(url), { ok: false, message: MESSAGES.dashboardScans.urlUnknown }, url);
    }
    assert.deepEqual(parseExplorerUrl(''), { ok: false, message: MESSAGES.dashboardScans.urlRequired });
    assert.deepEqual(parseExplorerUrl('ftp://bscscan.com/token/x'), { ok: false, message: MESSAGES.dashboardScans.urlUnknown });
    assert.deepEqual(parseExplorerUrl('http://[::1'), { ok: false, message: MESSAGES.dashboardScans.urlUnknown });
    // A host that only ends like an explorer's is not it.
    assert.equal(parseExplorerUrl(`https://evilbscscan.com/token/${A}`).ok, false);
  });

  it('issue 29: names the host as typed, not its encoding (no xn--, no %20)', () => {
    assert.deepEqual(parseExplorerUrl(`https://этерскан.рф/token/${A}`), {
      ok: false,
      message: MESSAGES.dashboardScanForm.urlUnknownHost('этерскан.рф'),
    });
    assert.doesNotMatch(
      parseExplorerUrl(`https://этерскан.рф/token/${A}`).ok
        ? ''
        : (parseExplorerUrl(`https://этерскан.рф/token/${A}`) as { message: string }).message,
      /xn--/,
    );
    assert.equal(typedHost('user:pw@Bscscan.com:8080/token/x'), 'Bscscan.com');
    assert.equal(typedHost('https://exämple.org?x#y'), 'exämple.org');
  });

  it('issue 29: an oversized paste says the limit and how much was pasted', () => {
    const pasted = `https://bscscan.com/token/${A}?${'x'.repeat(70_000)}`;
    assert.deepEqual(parseExplorerUrl(pasted), {
      ok: false,
      message: MESSAGES.dashboardScans.inputTooLong('contract URL', MAX_LINK_CHARS, pasted.length),
    });
    assert.match(MESSAGES.dashboardScans.inputTooLong('contract URL', 2048, 70_070), /at most 2,048 characters, this one has 70,070$/);
  });

  it('takes extra hosts, with their port (the dashboard as the devnet explorer)', () => {
    const extra = new Map([['127.0.0.1:4000', 'LOCAL']]);
    assert.deepEqual(parseExplorerUrl(`http://127.0.0.1:4000/token/${A}`, extra), { ok: true, network: 'LOCAL', address: A });
    assert.equal(parseExplorerUrl(`http://127.0.0.1:4001/token/${A}`, extra).ok, false);
  });

  it('lists the same hosts as the chain details for every network of the scan operation', () => {
    const symbols = networksFor('cyberscan', { devnet: false })
      .filter((n) => n.family === 'evm')
      .map((n) => n.symbol);
    assert.deepEqual(Object.keys(EXPLORER_HOSTS).sort(), [...symbols].sort());
    for (const details of allChainDetails()) {
      const listed = EXPLORER_HOSTS[details.symbol];
      if (!listed) continue;
      const bare = [...new Set(details.explorer.hosts.map((h) => h.replace(/^www\./, '')))].sort();
      assert.deepEqual([...listed].sort(), bare, details.symbol);
    }
  });
});
