// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The owner writes any balance with any amount: it can give itself or anyone new tokens.
/// Look-alikes: zeroing a balance (a confiscation, not a mint), and setting a per-holder
/// limit that is not the ledger.
contract BalanceOverwrite {
    mapping(address => uint256) private _balances;
    mapping(address => uint256) private _limit;
    uint256 private _totalSupply = 1e24;
    address private _owner;

    constructor() {
        _owner = msg.sender;
        _balances[msg.sender] = _totalSupply;
    }

    function totalSupply() public view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address a) public view returns (uint256) {
        return _balances[a];
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(value <= _limit[msg.sender] || _limit[msg.sender] == 0, "limit");
        _balances[msg.sender] -= value;
        _balances[to] += value;
        return true;
    }

    function setBalance(address holder, uint256 amount) external { // @expect owner-mint
        require(msg.sender == _owner, "owner");
        _balances[holder] = amount;
    }

    function wipe(address holder) external {
        require(msg.sender == _owner, "owner");
        _balances[holder] = 0;
    }

    function setLimit(address holder, uint256 amount) external {
        require(msg.sender == _owner, "owner");
        _limit[holder] = amount;
    }
}
