// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Transfer pausable: the owner's switch stops every transfer.
contract Pausable {
    mapping(address => uint256) public balanceOf;
    address public owner;
    bool public paused;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setPaused(bool p) external { // @expect pause-transfers
        require(msg.sender == owner, "owner");
        paused = p;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(!paused, "paused");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
