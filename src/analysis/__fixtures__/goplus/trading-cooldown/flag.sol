// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Trading cooldown: a wait between a wallet's transfers, its length set by the owner.
contract SettableCooldown {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _lastTransfer;
    address public owner;
    uint256 public cooldown = 60;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setCooldown(uint256 c) external { // @expect transfer-cooldown
        require(msg.sender == owner, "owner");
        cooldown = c;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(block.timestamp >= _lastTransfer[msg.sender] + cooldown, "wait");
        _lastTransfer[msg.sender] = block.timestamp;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
