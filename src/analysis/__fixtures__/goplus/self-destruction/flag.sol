// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Self-destruction: the owner can destroy the token contract.
contract Destructible {
    mapping(address => uint256) public balanceOf;
    address payable public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = payable(msg.sender);
        balanceOf[msg.sender] = totalSupply;
    }

    function close() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner); // @expect selfdestruct
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
