// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Slippage modification: the owner changes the tax every transfer pays.
contract SettableTax {
    mapping(address => uint256) public balanceOf;
    address public owner;
    address public wallet;
    uint256 public tax = 3;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setTax(uint256 t) external { // @expect fee-setter
        require(msg.sender == owner, "owner");
        require(t <= 10, "max");
        tax = t;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * tax) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
