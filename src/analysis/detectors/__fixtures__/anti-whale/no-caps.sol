// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// No cap on amounts: the checks are the sender's balance, the allowance, a non-zero
/// recipient and a minimum amount.
contract NoCaps {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public minimum = 10;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(to != address(0), "zero");
        require(value >= minimum, "dust");
        require(value <= balanceOf[msg.sender], "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(value <= allowance[from][msg.sender], "allowance");
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }
}
