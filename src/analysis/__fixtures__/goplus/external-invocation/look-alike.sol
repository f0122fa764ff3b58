// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

interface ITracker {
    function setBalance(address holder, uint256 balance) external;
}

/// Look-alike: the tracker is called only by an explicit, separate function, never
/// during a transfer.
contract SyncsSeparately {
    mapping(address => uint256) public balanceOf;
    ITracker public tracker;
    uint256 public totalSupply = 1e24;

    constructor(ITracker tracker_) {
        tracker = tracker_;
        balanceOf[msg.sender] = totalSupply;
    }

    function sync() external {
        tracker.setBalance(msg.sender, balanceOf[msg.sender]);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
