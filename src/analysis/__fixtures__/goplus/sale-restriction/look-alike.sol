// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the whole balance may move; a 10% share appears only in a reward.
contract WholeBalanceMoves {
    mapping(address => uint256) public balanceOf;
    uint256 public bonus;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value <= balanceOf[msg.sender], "balance");
        bonus = (balanceOf[msg.sender] * 1) / 10;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
