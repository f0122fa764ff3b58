import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileCacheKey, compileSolidity, withOneLicence } from './compile-solidity.ts';
import { CompileError } from './compile-error.ts';
import { pickSolcVersion, solidityPragmas } from './solc-versions.ts';

const counter = (pragma: string, ctor: string) => `// SPDX-License-Identifier: MIT
pragma solidity ${pragma};
contract Counter {
  uint256 public count;
  ${ctor}
  function bump() public { count = count + 1; }
}`;

test('the pragma picks the newest installed compiler that satisfies it', () => {
  assert.equal(pickSolcVersion({ 'a.sol': 'pragma solidity ^0.4.24;' }).version, '0.4.26');
  assert.equal(pickSolcVersion({ 'a.sol': 'pragma solidity >=0.5.0 <0.6.0;' }).version, '0.5.17');
  assert.equal(pickSolcVersion({ 'a.sol': 'pragma solidity ^0.6.2;', 'b.sol': 'pragma solidity >=0.6.0 <0.8.0;' }).version, '0.6.12');
  assert.equal(pickSolcVersion({ 'a.sol': 'pragma solidity ~0.7.0;' }).version, '0.7.6');
  assert.match(pickSolcVersion({ 'a.sol': 'pragma solidity ^0.8.20;' }).version, /^0\.8\.\d+$/);
  // A commented-out pragma does not count.
  assert.deepEqual(solidityPragmas({ 'a.sol': '// pragma solidity ^0.4.0;\npragma solidity ^0.6.0;' }), ['^0.6.0']);
  assert.throws(
    () => pickSolcVersion({ 'a.sol': 'pragma solidity ^0.3.0;' }),
    (e: unknown) => e instanceof CompileError && e.kind === 'no-compiler' && /\^0\.3\.0/.test(e.message),
  );
  assert.throws(() => pickSolcVersion({ 'a.sol': 'pragma solidity ^0.8.0;' }, '0.8.99'), CompileError);
});

test('each installed compiler builds bytecode from its own era of Solidity', () => {
  const cases: [string, string, string][] = [
    ['^0.4.24', 'constructor() public { count = 1; }', '0.4.26'],
    ['^0.5.0', 'constructor() public { count = 1; }', '0.5.17'],
    ['^0.6.0', 'constructor() public { count = 1; }', '0.6.12'],
    ['^0.7.0', 'constructor() { count = 1; }', '0.7.6'],
    ['^0.8.0', 'constructor() { count = 1; }', '0.8.'],
  ];
  for (const [pragma, ctor, version] of cases) {
    const out = compileSolidity({ 'Counter.sol': counter(pragma, ctor) });
    assert.ok(out.version.startsWith(version), `${out.version} for ${pragma}`);
    assert.ok(out.longVersion.startsWith(out.version), out.longVersion);
    const c = out.contracts.find((x) => x.name === 'Counter');
    assert.ok(c && c.bytecode.length > 100, `bytecode for ${version}`);
    assert.ok(c.abi.some((item) => item.type === 'function' && item.name === 'bump'));
  }
});

test('OpenZeppelin imports resolve to the release that fits the compiler', () => {
  const v5 = compileSolidity({
    'T.sol': `pragma solidity ^0.8.20; import "@openzeppelin/contracts/token/ERC20/ERC20.sol"; contract T is ERC20 { constructor() ERC20("T", "T") { _mint(msg.sender, 1e24); } }`,
  });
  assert.ok(v5.contracts.some((c) => c.name === 'T' && c.bytecode.length > 1000));
  const v3 = compileSolidity({
    'T.sol': `pragma solidity ^0.6.0; import "@openzeppelin/contracts/token/ERC20/ERC20.sol"; contract T is ERC20 { constructor() ERC20("T", "T") public { _mint(msg.sender, 1e24); } }`,
  });
  assert.equal(v3.version, '0.6.12');
  assert.ok(v3.contracts.some((c) => c.name === 'T' && c.bytecode.length > 1000));
});

test('compile errors and missing imports are CompileErrors with solc messages', () => {
  assert.throws(
    () => compileSolidity({ 'Bad.sol': 'pragma solidity ^0.8.0; contract Bad { function f() public { x = ; } }' }),
    (e: unknown) => e instanceof CompileError && e.kind === 'compile-failed' && Array.isArray(e.details.errors),
  );
  assert.throws(
    () => compileSolidity({ 'I.sol': 'pragma solidity ^0.8.0; import "./Missing.sol"; contract I {}' }),
    (e: unknown) => e instanceof CompileError && e.kind === 'import-not-found' && /Missing\.sol/.test(e.message),
  );
  assert.throws(
    () => compileSolidity({ 'X.sol': 'pragma solidity ^0.8.0; import "@openzeppelin/contracts/../../../etc/passwd"; contract X {}' }),
    CompileError,
  );
  assert.throws(
    () => compileSolidity({}),
    (e: unknown) => e instanceof CompileError && e.kind === 'bad-input',
  );
});

test('an exact pin that is not installed compiles with the nearest patch of its line, with a note', () => {
  const out = compileSolidity({ 'Counter.sol': counter('0.6.6', 'constructor() public { count = 1; }') });
  assert.equal(out.version, '0.6.12');
  assert.match(out.notes.join(' '), /0\.6\.6.*nearest installed patch 0\.6\.12.*compilers add 0\.6\.6/);
  assert.throws(
    () => compileSolidity({ 'Counter.sol': counter('0.3.6', 'constructor() public { count = 1; }') }),
    (e: unknown) => e instanceof CompileError && e.kind === 'no-compiler',
  );
});

test('a flattened file that still imports relative paths compiles when it defines what they held, and says what was left out', () => {
  const flattened = `pragma solidity ^0.8.0;\nimport "./Base.sol";\ncontract Base { uint256 public x; }\ncontract Top is Base { function f() public { x = 1; } }`;
  const out = compileSolidity({ 'Top.sol': flattened });
  assert.ok(out.contracts.some((c) => c.name === 'Top'));
  assert.match(out.notes.join(' '), /left out.*Base\.sol/);
  // A relative import of a file the input holds under another folder resolves by its name.
  const split = compileSolidity({
    'contracts/Top.sol': 'pragma solidity ^0.8.0;\nimport "./lib/Base.sol";\ncontract Top is Base {}',
    'Base.sol': 'pragma solidity ^0.8.0;\ncontract Base { uint256 public x; }',
  });
  assert.ok(split.contracts.some((c) => c.name === 'Top' && c.bytecode.length > 2));
  // Still missing: the error names it.
  assert.throws(
    () => compileSolidity({ 'I.sol': 'pragma solidity ^0.8.0; import "./Missing.sol"; contract I is Missing {}' }),
    (e: unknown) => e instanceof CompileError && e.kind === 'import-not-found' && /Missing\.sol/.test(e.message),
  );
});

test('the storage layout locates state variables (solc 0.5.13 and later)', () => {
  const out = compileSolidity({ 'L.sol': 'pragma solidity ^0.8.0; contract L { uint256 a; mapping(address => uint256) balances; }' });
  const l = out.contracts.find((c) => c.name === 'L');
  assert.deepEqual(
    l?.storage.map((e) => [e.label, e.slot, e.contract]),
    [
      ['a', '0', 'L'],
      ['balances', '1', 'L'],
    ],
  );
});

test('a compile error is kept as a result, on disk too', async () => {
  const { mkdtemp, readdir, readFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'sw-compile-cache-'));
  try {
    const bad = { 'Bad.sol': 'pragma solidity ^0.8.0; contract Bad { function f() public { y = ; } }' };
    const failure = (e: unknown) => e instanceof CompileError && e.kind === 'compile-failed' && /ParserError/.test(e.message);
    assert.throws(() => compileSolidity(bad, { cacheDir: dir }), failure);
    const files = await readdir(dir);
    assert.equal(files.length, 1);
    const stored = JSON.parse(await readFile(join(dir, files[0]!), 'utf8')) as { error?: { kind: string } };
    assert.equal(stored.error?.kind, 'compile-failed');
    // The next process finds it on disk: a changed comment is another text (exact key), the same text is not compiled again.
    assert.throws(() => compileSolidity(bad, { cacheDir: dir }), failure);
    assert.notEqual(compileCacheKey(bad, {}), compileCacheKey({ 'Bad.sol': `${bad['Bad.sol']} // note` }, {}));
    // Not kept: a missing compiler (`compilers add` changes it).
    assert.throws(() => compileSolidity({ 'Old.sol': 'pragma solidity ^0.3.0; contract O {}' }, { cacheDir: dir }), CompileError);
    assert.equal((await readdir(dir)).length, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a flattened file repeating its licence and pragma lines compiles (the repeats are disarmed, lines unchanged)', async () => {
  const flat = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract A { uint256 internal x; }
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
pragma solidity >=0.6.0 <0.9.0;
contract B is A { function f() public { x = 1; } }
`;
  const out = await compileSolidity({ 'Flat.sol': flat });
  assert.deepEqual(out.contracts.map((c) => c.name).sort(), ['A', 'B']);
  const once = withOneLicence({ 'Flat.sol': flat })['Flat.sol']!;
  assert.equal(once.split('\n').length, flat.split('\n').length);
  assert.equal(once.match(/SPDX-License-Identifier:/g)?.length, 1);
});
