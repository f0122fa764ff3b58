import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeSources } from './analyze.ts';

const TOKEN = `pragma solidity 0.8.20;
contract T {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;
    address public owner = msg.sender;
    function transfer(address to, uint256 v) external returns (bool) {
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
    function print(address to, uint256 v) external {
        require(msg.sender == owner, "only the owner can print");
        balanceOf[to] += v;
        totalSupply += v;
    }
}
`;

test('finds an owner mint by behaviour and reports it in smartAudit, findings and ownership', () => {
  const r = analyzeSources({ 'T.sol': TOKEN });
  assert.deepEqual(r.smartAudit.mint, [{ range: [11, 15], file: 'T.sol' }]);
  const mint = r.findings.find((f) => f.detector === 'owner-mint');
  assert.equal(mint?.checklist, 'MT');
  assert.deepEqual(mint?.ranges, [[11, 15]]);
  assert.match(mint?.snippet ?? '', /function print/);
  assert.equal(r.ownership[0]?.ownerVariable, 'owner');
  assert.deepEqual(
    r.contracts.map((c) => [c.name, c.kind, c.startLine, c.endLine]),
    [['T', 'contract', 2, 16]],
  );
  assert.deepEqual(r.compilerVersions, [{ file: 'T.sol', line: 1, constraint: '0.8.20' }]);
  assert.equal(r.smartAudit.lines, 16);
});

test('finding ids are stable across runs and sorted most severe first', () => {
  const a = analyzeSources({ 'T.sol': TOKEN });
  const b = analyzeSources(new Map([['T.sol', TOKEN]]));
  assert.deepEqual(
    a.findings.map((f) => f.id),
    b.findings.map((f) => f.id),
  );
  const ranks = a.findings.map((f) => ['critical', 'high', 'medium', 'low', 'informational'].indexOf(f.severity));
  assert.deepEqual(
    ranks,
    [...ranks].sort((x, y) => x - y),
  );
});

test('multi-file input: ranges name their file, imports resolve inside the input', () => {
  const r = analyzeSources({
    'contracts/Base.sol':
      'pragma solidity 0.8.20;\ncontract Base { address public owner = msg.sender; modifier onlyOwner() { require(msg.sender == owner, "only owner"); _; } }\n',
    'contracts/T.sol': `import "./Base.sol";\n${TOKEN.replace('contract T {', 'contract T is Base {').replace('address public owner = msg.sender;', '')}`,
  });
  assert.deepEqual(
    r.smartAudit.mint.map((m) => m.file),
    ['contracts/T.sol'],
  );
  assert.deepEqual(r.diagnostics, []);
  assert.equal(r.smartAudit.contracts, 2);
});

test('empty input and empty files are explained, not thrown', () => {
  assert.match(analyzeSources({}).diagnostics[0]!.message, /no Solidity source/);
  const r = analyzeSources({ 'a.sol': '' });
  assert.match(r.diagnostics.map((d) => d.message).join(), /no contract/);
});

test('unparsable source yields a parse diagnostic with the line and a partial result', () => {
  const r = analyzeSources({ 'Broken.sol': `${TOKEN}\ncontract Broken { function ( {{{ ` });
  const parse = r.diagnostics.find((d) => d.kind === 'parse-error');
  assert.ok(parse && parse.file === 'Broken.sol' && (parse.line ?? 0) >= 17);
  assert.ok(r.smartAudit.mint.length === 1, 'the valid part is still analysed');
});

test('unresolved imports and import cycles are explained', () => {
  const r = analyzeSources({
    'a.sol': 'import "@acme/lib/X.sol";\nimport "./b.sol";\ncontract A is X {}',
    'b.sol': 'import "./a.sol";\ncontract B {}',
  });
  assert.ok(r.diagnostics.some((d) => d.kind === 'unresolved-import' && /@acme\/lib\/X\.sol/.test(d.message) && d.line === 1));
  const cyc = analyzeSources({ 'a.sol': 'contract A is B {}', 'b.sol': 'contract B is A {}' });
  assert.ok(cyc.diagnostics.some((d) => d.kind === 'inheritance' && /cycle/.test(d.message)));
});

test('libraries come from the resolver and are not counted as input', () => {
  const lib =
    'pragma solidity 0.8.20;\nabstract contract Owned { address public owner = msg.sender; modifier onlyOwner() { require(msg.sender == owner, "only owner"); _; } }\n';
  const r = analyzeSources(
    {
      'T.sol': `import "@acme/Owned.sol";\n${TOKEN.replace('contract T {', 'contract T is Owned {').replace('address public owner = msg.sender;', '')}`,
    },
    {
      resolveImport: (p) => (p === '@acme/Owned.sol' ? lib : undefined),
    },
  );
  assert.equal(r.smartAudit.contracts, 1);
  assert.equal(r.smartAudit.mint.length, 1);
  assert.deepEqual(r.files, [
    { path: 'T.sol', library: false },
    { path: '@acme/Owned.sol', library: true },
  ]);
});

test('deep nesting is truncated with a diagnostic instead of overflowing the stack', () => {
  const deep = `contract D { mapping(address => bool) m; function f(uint a, address b) public returns (uint) { require(${'!'.repeat(20000)}m[b]); return ${'a + '.repeat(30000)}a; } }`;
  const r = analyzeSources({ 'D.sol': deep });
  assert.ok(r.diagnostics.some((d) => d.kind === 'truncated'));
});

test('oversized sources are skipped with the reason', () => {
  const r = analyzeSources({ 'Huge.sol': ' '.repeat(9 * 1024 * 1024), 'T.sol': TOKEN });
  assert.ok(r.diagnostics.some((d) => d.file === 'Huge.sol' && /exceeds the limit/.test(d.message)));
  assert.equal(r.smartAudit.mint.length, 1);
});
