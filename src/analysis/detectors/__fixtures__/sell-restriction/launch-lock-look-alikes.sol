// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Whether trading starts open is a deployment argument: the constructor's branches do
/// not say it starts closed, so no launch lock is claimed.
contract StartDependsOnArgument {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public exempt;
    address public owner;
    bool public tradingOpen;
    uint256 public totalSupply = 1e24;

    constructor(bool openAtStart) {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
        if (openAtStart) {
            tradingOpen = true;
        } else {
            tradingOpen = false;
        }
    }

    function setExempt(address who, bool on) external {
        require(msg.sender == owner, "owner");
        exempt[who] = on;
    }

    function setTrading(bool on) external {
        require(msg.sender == owner, "owner");
        tradingOpen = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(tradingOpen || exempt[msg.sender], "closed");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

/// A transfer that returns early only for a zero amount, after emitting the event: no
/// holder is singled out.
contract ZeroAmountShortcut {
    mapping(address => uint256) public balanceOf;
    address public pair;
    uint256 public totalSupply = 1e24;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(address pair_) {
        pair = pair_;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (value == 0) {
            emit Transfer(msg.sender, to, 0);
            return true;
        }
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
