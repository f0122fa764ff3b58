// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The owner sets when each holder may transfer again: a lock it controls. Look-alike: a
/// per-holder time the transfer path records itself with a fixed delay, which the owner
/// cannot change.
contract OwnerSetUnlock {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _unlockAt;
    mapping(address => uint256) private _lastMove;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function lockUntil(address holder, uint256 time) external { // @expect transfer-cooldown
        require(msg.sender == owner, "owner");
        _unlockAt[holder] = time;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(block.timestamp >= _unlockAt[msg.sender], "locked");
        require(block.timestamp >= _lastMove[msg.sender] + 30, "too soon");
        _lastMove[msg.sender] = block.timestamp;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
