// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

/// Switches that do not keep holders in: one that starts open, one that opens by itself at
/// a fixed time, and one that locks everybody, the owner included, until anyone may open it
/// after the sale.
contract OpenFromStart {
    mapping(address => uint256) public balances;
    address public owner;
    bool public tradingOpen = true;

    constructor() public {
        owner = msg.sender;
        balances[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(tradingOpen || msg.sender == owner);
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }

    function setTrading(bool on) public {
        require(msg.sender == owner);
        tradingOpen = on;
    }
}

contract OpensAtTime {
    mapping(address => uint256) public balances;
    address public owner;
    uint256 public openAt;

    constructor(uint256 when) public {
        owner = msg.sender;
        openAt = when;
        balances[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(now >= openAt || msg.sender == owner);
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }
}

contract LockedForEveryone {
    mapping(address => uint256) public balances;
    uint256 public saleEnd;
    bool public opened;

    constructor(uint256 end) public {
        saleEnd = end;
        balances[msg.sender] = 1e24;
    }

    function open() public {
        require(now > saleEnd);
        opened = true;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(opened);
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }
}
