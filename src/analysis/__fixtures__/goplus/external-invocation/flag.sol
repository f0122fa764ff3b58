// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface ITracker {
    function setBalance(address holder, uint256 balance) external;
}

/// External invocation: every transfer calls a tracker contract the owner can replace.
contract CallsTracker {
    mapping(address => uint256) public balanceOf;
    address public owner;
    ITracker public tracker;
    uint256 public totalSupply = 1e24;

    constructor(ITracker tracker_) {
        owner = msg.sender;
        tracker = tracker_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setTracker(ITracker t) external {
        require(msg.sender == owner, "owner");
        tracker = t;
    }

    function transfer(address to, uint256 value) external returns (bool) { // @expect external-call-in-transfer
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        tracker.setBalance(msg.sender, balanceOf[msg.sender]);
        return true;
    }
}
