// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Sale restriction: a holder must always keep 10% of its balance.
contract KeepTenPercent {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value <= (balanceOf[msg.sender] * 9) / 10, "keep 10%"); // @expect cannot-sell-all
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
