import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileSolidity } from './compile-solidity.ts';
import { selectTokenContract, writesStorage } from './select-contract.ts';

test('writesStorage finds SSTORE and skips PUSH data', () => {
  assert.equal(writesStorage('0x600160005500'), true); // PUSH1 1 PUSH1 0 SSTORE STOP
  assert.equal(writesStorage('0x6055600000'), false); // PUSH1 0x55 PUSH1 0 STOP: 0x55 is data
  assert.equal(writesStorage('0x'), false);
});

test('an ERC-20 interface written as a contract with empty bodies is not the token; a contract using it is none either', async () => {
  const source = `pragma solidity ^0.4.24;
contract Token {
  function totalSupply() constant returns (uint supply) {}
  function balanceOf(address _owner) constant returns (uint balance) {}
  function transfer(address _to, uint _value) returns (bool success) {}
  function transferFrom(address _from, address _to, uint _value) returns (bool success) {}
  function approve(address _spender, uint _value) returns (bool success) {}
  function allowance(address _owner, address _spender) constant returns (uint remaining) {}
}
contract Market { uint public fee; function setFee(uint f) public { fee = f; } function pay(address t) public { Token(t).transfer(msg.sender, 1); } }`;
  const out = await compileSolidity({ 'M.sol': source });
  assert.ok(out.contracts.some((c) => c.name === 'Token'));
  assert.equal(selectTokenContract(out.contracts), null);
  const real = await compileSolidity({
    'T.sol': source.replace(
      'function transfer(address _to, uint _value) returns (bool success) {}',
      'mapping(address => uint) b; function transfer(address _to, uint _value) returns (bool success) { b[_to] += _value; return true; }',
    ),
  });
  assert.equal(selectTokenContract(real.contracts)?.name, 'Token');
});
