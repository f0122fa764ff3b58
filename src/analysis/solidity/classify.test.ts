import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildProgram } from './build-program.ts';
import { Scope } from './scope.ts';
import { summarize } from './summarize.ts';
import { authoritiesOf } from './access-control.ts';
import { functionIR } from './ir/cfg.ts';
import { effectsOf } from './ir/effects.ts';
import { declaredLocation, isStoragePointerDeclaration, lowLevelKind, programStructs, storageParamsWritten } from './classify.ts';
import { describeSym } from './symbolic.ts';
import { visit } from './syntax-helpers.ts';
import type { SyntaxNode } from './syntax-tree.ts';
import type { Program } from './program.ts';

function setup(source: string, contract: string): { program: Program; scope: Scope } {
  const program = buildProgram(new Map([['t.sol', source]]));
  const c = program.contracts.find((x) => x.name === contract)!;
  return { program, scope: new Scope(program, c) };
}

function fnOf(scope: Scope, name: string) {
  return scope.contract.linearization.flatMap((c) => c.functions).find((f) => f.name === name)!;
}

/** Writes of an entry point as `var[keys] op`, from the summary and from the CFG. */
function writes(scope: Scope, name: string): { summary: string[]; ir: string[] } {
  const fn = fnOf(scope, name);
  const s = summarize(scope, fn);
  const ir = functionIR(scope, fn);
  return {
    summary: s.writes.map((w) => `${w.v.name}[${w.keys.map(describeSym).join(',')}] ${w.op}`),
    ir: ir.nodes.flatMap((n) => n.ops.flatMap((o) => (o.k === 'write' ? [`${o.v.name} ${o.op}`] : []))),
  };
}

const POINTERS = `pragma solidity ^0.4.24;
contract P {
  struct A { uint256 bal; uint256 at; }
  mapping(address => A) accounts;
  mapping(address => uint256) plain;
  A[] list;
  function f(address who) public {
    A storage s = accounts[who];
    A memory m = accounts[who];
    var v = accounts[who];
    var n = plain[who];
    var e = list[0];
    s.bal = 1; m.bal = 2; v.at = 3; n = 4; e.bal = 5;
  }
}`;

test('the storage keyword is one `storage` token under the declaration: both layers read it through classify', () => {
  const { program, scope } = setup(POINTERS, 'P');
  const decls: SyntaxNode[] = [];
  visit(program.units[0]!.parsed.root, (n) => {
    if (n.type === 'variable_declaration_statement') decls.push(n);
    return true;
  });
  const locations = decls.map((d) => declaredLocation(d.children.find((c) => c.type === 'variable_declaration')!));
  assert.deepEqual(locations, ['storage', 'memory', undefined, undefined, undefined]);
  const stateOf = (name: string) => scope.stateVariable(name);
  const pointer = decls.map((d) =>
    isStoragePointerDeclaration(
      d.children.find((c) => c.type === 'variable_declaration')!,
      d.children.find((c) => c.field === 'value'),
      stateOf,
      programStructs(program),
    ),
  );
  // `var v = accounts[who]` (a struct) and `var e = list[0]` are pointers; `var n = plain[who]` is a copy.
  assert.deepEqual(pointer, [true, false, true, false, true]);
});

test('writes through storage pointers (typed and 0.4 var) reach the summary and the CFG alike', () => {
  const { scope } = setup(POINTERS, 'P');
  const w = writes(scope, 'f');
  assert.deepEqual(w.summary, ['accounts[who] set', 'accounts[who] set', 'list[0] set']);
  assert.deepEqual(w.ir, ['accounts set', 'accounts set', 'list set']);
});

test('low-level call names are classified once (callcode runs code in this contract, like delegatecall)', () => {
  assert.equal(lowLevelKind('callcode', 1), 'delegatecall');
  assert.equal(lowLevelKind('send', 1), 'send');
  assert.equal(lowLevelKind('transfer', 2), undefined);
});

const ASSEMBLY = `pragma solidity ^0.8.19;
contract A {
  mapping(address => uint256) private bal;
  mapping(address => mapping(address => uint256)) private allow;
  uint256 private supply;
  address private keeper;
  function credit(address who, uint256 v) external {
    assembly {
      if iszero(eq(caller(), sload(keeper.slot))) { revert(0, 0) }
      mstore(0, who)
      mstore(32, bal.slot)
      let s := keccak256(0, 64)
      sstore(s, add(sload(s), v))
      sstore(supply.slot, add(v, sload(supply.slot)))
    }
  }
  function debit(address who, uint256 v) external {
    assembly {
      mstore(0x00, who)
      mstore(0x20, bal.slot)
      let s := keccak256(0x00, 0x40)
      let old := sload(s)
      sstore(s, sub(old, v))
    }
  }
  function approveAsm(address spender, uint256 v) external {
    assembly {
      mstore(0, caller())
      mstore(32, allow.slot)
      mstore(32, keccak256(0, 64))
      mstore(0, spender)
      sstore(keccak256(0, 64), v)
    }
  }
  function clear(address who) external {
    assembly { sstore(keccak256(who, bal.slot), 0) }
  }
  function gate() external view {
    assembly {
      if iszero(eq(origin(), sload(keeper.slot))) { revert(0, 0) }
    }
  }
  function switched(uint256 v) external {
    assembly {
      switch eq(caller(), sload(keeper.slot))
      case 0 { revert(0, 0) }
      default { }
      sstore(supply.slot, v)
    }
  }
  function noGuard(address who, uint256 v) external {
    assembly {
      if eq(caller(), sload(keeper.slot)) { sstore(supply.slot, v) }
      mstore(0, who)
      mstore(32, bal.slot)
      sstore(keccak256(0, 64), v)
    }
  }
}`;

test('assembly: x.slot, mapping slots by keccak256 (both forms, nested), and the direction of sstore', () => {
  const { scope } = setup(ASSEMBLY, 'A');
  assert.deepEqual(writes(scope, 'credit').summary, ['bal[who] inc', 'supply[] inc']);
  assert.deepEqual(writes(scope, 'credit').ir, ['bal inc', 'supply inc']);
  assert.deepEqual(writes(scope, 'debit').summary, ['bal[who] dec']);
  assert.deepEqual(writes(scope, 'approveAsm').summary, ['allow[sender,spender] set']);
  assert.deepEqual(writes(scope, 'clear').summary, ['bal[who] delete']);
  const reads = summarize(scope, fnOf(scope, 'credit')).reads;
  assert.deepEqual([...reads].map((v) => v.name).sort(), ['bal', 'keeper', 'supply']);
});

test('assembly: a caller check before revert is an authority; a check inside a branch is not', () => {
  const { scope } = setup(ASSEMBLY, 'A');
  const auth = (name: string) => authoritiesOf(summarize(scope, fnOf(scope, name)), scope).map((a) => `${a.kind}:${a.v?.name}`);
  assert.deepEqual(auth('credit'), ['owner:keeper']);
  assert.deepEqual(auth('gate'), ['origin:keeper']);
  assert.deepEqual(auth('switched'), ['owner:keeper']);
  assert.deepEqual(auth('noGuard'), []);
  // origin() is a use of tx.origin for both layers.
  assert.equal(summarize(scope, fnOf(scope, 'gate')).usesTxOrigin.length, 1);
  assert.ok(functionIR(scope, fnOf(scope, 'gate')).nodes.some((n) => n.ops.some((o) => o.k === 'origin')));
});

test('assembly writes after a re-entrant call are effects after the call', () => {
  const { scope } = setup(
    `pragma solidity ^0.8.19;
contract V {
  mapping(address => uint256) private c;
  function w() external {
    (bool ok, ) = msg.sender.call{value: c[msg.sender]}("");
    require(ok);
    assembly { mstore(0, caller()) mstore(32, c.slot) sstore(keccak256(0, 64), 0) }
  }
}`,
    'V',
  );
  const e = effectsOf(scope, fnOf(scope, 'w'));
  assert.ok(e.afterCall.some((x) => x.write?.v.name === 'c'));
});

test('malformed assembly and unknown instructions: the file scans, diagnostics say what was skipped', () => {
  const program = buildProgram(
    new Map([
      [
        't.sol',
        `pragma solidity ^0.8.19;
contract B {
  mapping(address => uint256) public balanceOf;
  function f(address a) external {
    assembly {
      function helper(x) -> y { y := x }
      let z := helper(frobnicate(1))
      sstore(z)
      mstore(0, a) mstore(32, balanceOf.slot)
      sstore(keccak256(0, 64), 5)
    }
  }
  function g() external { assembly { let y := add(1, } }
}`,
      ],
    ]),
  );
  const messages = program.diagnostics.filter((d) => d.kind === 'assembly').map((d) => `${d.line}: ${d.message}`);
  assert.equal(messages.length, 3, messages.join('\n'));
  assert.match(messages[0]!, /^5: unknown assembly instruction\(s\) frobnicate/);
  assert.match(messages[1]!, /^5: assembly sstore with the wrong number of arguments/);
  assert.match(messages[2]!, /^13: malformed inline assembly/);
  const scope = new Scope(program, program.contracts[0]!);
  assert.deepEqual(writes(scope, 'f').summary, ['balanceOf[a] set']);
});

const ROLE_SETS = `pragma solidity ^0.8.19;
library Set {
  struct S { bytes32[] items; mapping(bytes32 => uint256) idx; }
  function has(S storage s, bytes32 v) internal view returns (bool) { return _has(s, v); }
  function _has(S storage s, bytes32 v) private view returns (bool) { return s.idx[v] != 0; }
}
contract R {
  using Set for Set.S;
  struct Role { Set.S members; bytes32 admin; }
  mapping(bytes32 => Role) private roles;
  mapping(address => uint256) private cap;
  function member(bytes32 r, address a) public view returns (bool) { return roles[r].members.has(bytes32(uint256(uint160(a)))); }
  function guarded(uint256 v) external { require(member("M", address(uint160(uint256(uint160(msg.sender))))), "no"); cap[msg.sender] = v; }
  function other(address to, uint256 v) external { require(member("M", to), "no"); cap[to] = v; }
}`;

test('role sets: a set index inside a mapping of structs, reached through library helpers and casts, checks the caller', () => {
  const { scope } = setup(ROLE_SETS, 'R');
  const auth = (name: string) => authoritiesOf(summarize(scope, fnOf(scope, name)), scope).map((a) => `${a.kind}:${a.v?.name}`);
  assert.deepEqual(auth('guarded'), ['role:roles']);
  assert.deepEqual(auth('other'), []);
});

test('a helper writing through a storage parameter writes the state its caller passes', () => {
  const { scope } = setup(
    `pragma solidity ^0.8.19;
contract H {
  struct A { uint256 bal; }
  mapping(address => A) accounts;
  uint256[] queue;
  function f(address who) external { _zero(accounts[who]); _peek(accounts[who]); _add(queue, 1); }
  function _zero(A storage a) internal { a.bal = 0; }
  function _peek(A storage a) internal view returns (uint256) { return a.bal; }
  function _add(uint256[] storage q, uint256 v) internal { q.push(v); }
  function _copy(A memory a) internal pure returns (uint256) { a.bal = 1; return a.bal; }
}`,
    'H',
  );
  assert.deepEqual(storageParamsWritten(fnOf(scope, '_zero')), [0]);
  assert.deepEqual(storageParamsWritten(fnOf(scope, '_peek')), []);
  assert.deepEqual(storageParamsWritten(fnOf(scope, '_add')), [0]);
  assert.deepEqual(storageParamsWritten(fnOf(scope, '_copy')), []);
  assert.deepEqual(writes(scope, 'f').ir, ['accounts set', 'queue set']);
});
