// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Ownership retrieval: "locking" gives up ownership for a while, and the previous owner,
/// which the lock leaves set, takes it back.
contract LockAndUnlock {
    mapping(address => uint256) public balanceOf;
    address public owner;
    address private _previousOwner;
    uint256 private _lockTime;
    uint256 public fee = 2;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setFee(uint256 f) external {
        require(msg.sender == owner, "owner");
        fee = f;
    }

    function lock(uint256 time) external {
        require(msg.sender == owner, "owner");
        _previousOwner = owner;
        owner = address(0);
        _lockTime = block.timestamp + time;
    }

    function unlock() external { // @expect reclaimable-ownership
        require(msg.sender == _previousOwner, "not previous owner");
        require(block.timestamp > _lockTime, "locked");
        owner = _previousOwner;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
