// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Look-alikes: a launch time the owner can only set to the current block (never back to
/// zero), and a phase the owner can only move to the trading value.
contract CodesThatOnlyOpen {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public launchedAt;
    uint8 public phase;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; }

    function launch() external {
        require(msg.sender == owner, "owner");
        launchedAt = block.number;
    }

    function openTrading() external {
        require(msg.sender == owner, "owner");
        phase = 2;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        require(launchedAt != 0, "not launched");
        require(phase == 2, "not trading");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}
