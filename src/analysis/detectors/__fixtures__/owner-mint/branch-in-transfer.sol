// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// A mint hidden in `transfer`: when the owner calls it, the receiver is credited and
/// nobody pays. Beside it, a fee token that credits its fee wallet out of what the sender
/// pays, and an owner branch that only skips the fee: neither creates tokens.
contract BranchInTransfer {
    mapping(address => uint256) private _balances;
    address private _boss;
    uint256 private _supply = 1e24;

    constructor() { _boss = msg.sender; _balances[msg.sender] = _supply; }

    function totalSupply() external view returns (uint256) { return _supply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 amount) external returns (bool) { // @expect owner-mint:branch
        if (msg.sender == _boss) {
            _balances[to] += amount;
            return true;
        }
        _balances[msg.sender] -= amount;
        _balances[to] += amount;
        return true;
    }
}

contract FeeWalletToken {
    mapping(address => uint256) private _balances;
    address private _owner;
    address private _feeWallet;
    uint256 private _supply = 1e24;

    constructor(address wallet) { _owner = msg.sender; _feeWallet = wallet; _balances[msg.sender] = _supply; }

    function totalSupply() external view returns (uint256) { return _supply; }
    function balanceOf(address a) external view returns (uint256) { return _balances[a]; }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 fee = amount / 50;
        if (msg.sender == _owner) {
            fee = 0;
        }
        _balances[msg.sender] -= amount;
        _balances[to] += amount - fee;
        _balances[_feeWallet] += fee;
        return true;
    }
}
