// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Anti-whale: one transfer may move at most 1% of the supply (fixed).
contract OnePercentCap {
    mapping(address => uint256) public balanceOf;
    uint256 public constant MAX_TX = 1e22;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value <= MAX_TX, "max tx"); // @expect anti-whale
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
