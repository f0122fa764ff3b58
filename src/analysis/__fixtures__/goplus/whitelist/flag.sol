// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Whitelist: the owner exempts chosen addresses from the transfer fee.
contract FeeExemptions {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public exempt;
    address public owner;
    address public wallet;
    uint256 public constant FEE = 2;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setExempt(address who, bool on) external { // @expect whitelist
        require(msg.sender == owner, "owner");
        exempt[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = exempt[msg.sender] ? 0 : (value * FEE) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
