// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the cap is fixed; the owner changes only an unrelated reward amount.
contract FixedCap {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public constant MAX_TX = 1e22;
    uint256 public reward = 1e18;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setReward(uint256 r) external {
        require(msg.sender == owner, "owner");
        reward = r;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value <= MAX_TX, "max tx");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
