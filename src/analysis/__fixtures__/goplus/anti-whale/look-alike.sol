// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: a minimum amount and the balance check bound transfers from below only.
contract MinimumOnly {
    mapping(address => uint256) public balanceOf;
    uint256 public constant MIN_TX = 1e9;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value >= MIN_TX, "dust");
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
