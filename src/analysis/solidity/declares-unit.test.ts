import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { declaresSolidityUnit, withoutCommentsAndStrings } from './declares-unit.ts';

describe('declaresSolidityUnit', () => {
  it('finds contracts, abstract contracts, interfaces and libraries, with or without bases', () => {
    assert.equal(declaresSolidityUnit('pragma solidity ^0.8.0;\ncontract Token { }'), true);
    assert.equal(declaresSolidityUnit('abstract contract A is B, C {}'), true);
    assert.equal(declaresSolidityUnit('interface IERC20{function x() external;}'), true);
    assert.equal(declaresSolidityUnit('library SafeMath {\n}'), true);
    assert.equal(declaresSolidityUnit('pragma solidity 0.4.24;contract Old{}'), true);
  });

  it('refuses text that only mentions the words, in prose, comments or strings', () => {
    assert.equal(declaresSolidityUnit('# Token\nThis contract is audited. The interface is simple.'), false);
    assert.equal(declaresSolidityUnit('// contract Hidden {}\n/* library L { } */ uint constant X = 1;'), false);
    assert.equal(declaresSolidityUnit('string constant S = "contract Fake {";'), false);
    assert.equal(declaresSolidityUnit('const contract = require("x"); module.exports = { contract };'), false);
    assert.equal(declaresSolidityUnit(''), false);
    assert.equal(declaresSolidityUnit('contract Bin {\u0000}'), false);
  });

  it('blanks comments and strings but keeps line breaks, so positions stay on their lines', () => {
    const text = 'a /* x\ny */ b // c\n"d\\"e" f';
    const out = withoutCommentsAndStrings(text);
    assert.equal(out.split('\n').length, text.split('\n').length);
    assert.doesNotMatch(out, /[xycde]/);
    assert.match(out, /a[\s\S]*b[\s\S]*f/);
  });
});
