// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// An allow-list under a global lock that starts closed: the owner can take any address
/// off the list, which freezes that holder while the lock holds.
contract RevocableAllowList {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public allowed;
    address public owner;
    bool public locked = true;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        allowed[msg.sender] = true;
        balanceOf[msg.sender] = totalSupply;
    }

    function setAllowed(address who, bool on) external { // @expect blacklist:revocable
        require(msg.sender == owner, "owner");
        allowed[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (locked) require(allowed[msg.sender], "locked");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

/// Look-alikes: a list the owner can only add to (nobody can be taken off it), and a
/// revocable list under a lock that starts open and that nobody can close.
contract AddOnlyAllowList {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public allowed;
    address public owner;
    bool public locked = true;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function allow(address who) external {
        require(msg.sender == owner, "owner");
        allowed[who] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (locked) require(allowed[msg.sender], "locked");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract OpenLockAllowList {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public allowed;
    address public owner;
    bool public locked;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setAllowed(address who, bool on) external {
        require(msg.sender == owner, "owner");
        allowed[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (locked) require(allowed[msg.sender], "locked");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
