// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the time is only recorded (for a reward), never checked on transfers.
contract RecordsTimeOnly {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public lastTransfer;
    address public owner;
    uint256 public period = 60;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setPeriod(uint256 p) external {
        require(msg.sender == owner, "owner");
        period = p;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        lastTransfer[msg.sender] = block.timestamp;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
