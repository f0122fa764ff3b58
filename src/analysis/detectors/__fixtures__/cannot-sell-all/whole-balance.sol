// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The whole balance can always move: `balance >= amount`, `amount <= balance`, a
/// remaining balance of zero or more, and a fixed cap on the recipient's side.
contract WholeBalance {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        require(balanceOf[msg.sender] - value >= 0, "underflow");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(value <= balanceOf[from], "balance");
        require(value <= allowance[from][msg.sender], "allowance");
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }
}
