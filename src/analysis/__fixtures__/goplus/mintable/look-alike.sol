// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the supply is minted once in the constructor; holders burn their own.
contract FixedSupply {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = 1e24;
        totalSupply = 1e24;
    }

    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
