// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The sender pays the amount less the fee, the recipient gets the amount less the fee, and
/// the fee wallet is paid the fee as well: every transfer creates the fee out of nothing.
contract FeeOnTop {
    mapping(address => uint256) private _balances;
    uint256 private _totalSupply = 1e24;
    address private _wallet;
    uint256 public fee = 3;

    constructor() {
        _wallet = msg.sender;
        _balances[msg.sender] = _totalSupply;
    }

    function totalSupply() public view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address a) public view returns (uint256) {
        return _balances[a];
    }

    function transfer(address to, uint256 value) public returns (bool) {
        uint256 cut = value * fee / 100;
        _balances[msg.sender] -= value - cut;
        _balances[to] += value - cut;
        _balances[_wallet] += cut; // @expect owner-mint:transfer
        return true;
    }
}

/// The same fee taken out of the amount: the sender pays all of it, nothing is created.
contract FeeOutOfAmount {
    mapping(address => uint256) private _balances;
    uint256 private _totalSupply = 1e24;
    address private _wallet;
    uint256 public fee = 3;

    constructor() {
        _wallet = msg.sender;
        _balances[msg.sender] = _totalSupply;
    }

    function totalSupply() public view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address a) public view returns (uint256) {
        return _balances[a];
    }

    function transfer(address to, uint256 value) public returns (bool) {
        uint256 cut = value * fee / 100;
        uint256 net = value - cut;
        _balances[msg.sender] -= value;
        _balances[to] += net;
        _balances[_wallet] += cut;
        return true;
    }
}
