import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ProjectValidationError, validateProjects } from './project-record.ts';
import { detectProjectFileFormat, parseProjectFile, ProjectFileError } from './parse-project-file.ts';

const EVM = '0x00000000000000000000000000000000000000AA';
const SOL = 'So11111111111111111111111111111111111111112';

const problems = (rows: unknown[]) => {
  try {
    validateProjects(rows, 'test');
  } catch (error) {
    assert.ok(error instanceof ProjectValidationError);
    return error.problems.map((p) => `${p.row}:${p.field}:${p.problem}`);
  }
  return [];
};

describe('project records', () => {
  it('normalises the network and EVM addresses, keeps Solana addresses as given, fills absent links with ""', () => {
    const [evm, sol] = validateProjects(
      [
        { network: 'eth', address: EVM, twitter: ' @example ' },
        { network: 'SOL', address: SOL, website: 'https://sol.example', source: 'listing' },
      ],
      'file.csv',
    );
    assert.equal(evm!.network, 'ETH');
    assert.equal(evm!.address, EVM.toLowerCase());
    assert.equal(evm!.twitter, '@example');
    assert.equal(evm!.discord, '');
    assert.equal(evm!.source, 'file.csv');
    assert.equal(sol!.address, SOL);
    assert.equal(sol!.source, 'listing');
  });

  it('names every problem and imports nothing', () => {
    assert.deepEqual(
      problems([
        { network: 'ETH', address: EVM },
        { network: 'ETH', address: SOL, website: 'ftp://x', telegram: 'a\u0007b', webiste: 'typo' },
        { network: 'ETH', address: EVM.toLowerCase() },
        { network: 'ETH', address: EVM.replace('AA', 'BB'), description: 'x'.repeat(2001), aggregatorBSlug: '../x' },
        'not a row',
      ]),
      [
        '2:webiste:unknown field',
        '2:address:not an address on ETH',
        '2:website:an http(s) URL',
        '2:telegram:contains control characters',
        '3:address:same network and address as row 1',
        '4:description:longer than 2000 characters',
        '4:aggregatorBSlug:letters, digits, dots, dashes and underscores',
        '5:*:not an object',
      ],
    );
    assert.deepEqual(problems([{ address: EVM }]), ['1:network:required']);
    assert.deepEqual(problems([{ network: 'ETH', address: 42 }]), ['1:address:required']);
  });
});

describe('project files', () => {
  it('reads CSV by header and JSON arrays; refuses anything else with a message', () => {
    assert.equal(detectProjectFileFormat('[]'), 'json');
    assert.equal(detectProjectFileFormat('network,address', 'x.csv'), 'csv');
    assert.deepEqual(parseProjectFile(`network,address,website\nETH,${EVM},\n`, 'csv'), [{ network: 'ETH', address: EVM, website: '' }]);
    assert.throws(() => parseProjectFile('{"network":"ETH"}', 'json'), ProjectFileError);
    assert.throws(() => parseProjectFile('[', 'json'), /not valid JSON/);
    assert.throws(() => parseProjectFile('a,b\n"1,2', 'csv'), /not valid CSV/);
  });
});
