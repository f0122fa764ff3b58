// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: a flag the owner sets that only marks addresses for a reward, read
/// nowhere on the transfer path.
contract RewardList {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public rewarded;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function mark(address who) external {
        require(msg.sender == owner, "owner");
        rewarded[who] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(to != address(0), "zero");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
