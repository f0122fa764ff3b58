// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Three ways to keep part of a holder's balance back: the amount must stay below the
/// balance, below 90% of it, or leave a minimum the owner sets.
contract StrictlyBelowBalance {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value < balanceOf[msg.sender], "keep one"); // @expect cannot-sell-all
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract NinetyPercent {
    mapping(address => uint256) public balanceOf;
    address public pair;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) {
        pair = pair_;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value, "balance");
        if (to == pair) {
            require(value <= (balanceOf[from] * 90) / 100, "sell at most 90%"); // @expect cannot-sell-all
        }
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }
}

contract MinimumHolding {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public minHold = 1e18;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setMinHold(uint256 m) external {
        require(msg.sender == owner, "owner");
        minHold = m;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (balanceOf[msg.sender] - value < minHold) revert("must hold"); // @expect cannot-sell-all
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
