// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// A block list kept as an array: every transfer walks it and reverts when the sender is
/// on it; the owner pushes addresses onto it.
contract ArrayBlockList {
    mapping(address => uint256) public balanceOf;
    address[] private _bots;
    address public owner;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; }

    function addBot(address a) external { // @expect blacklist
        require(msg.sender == owner, "owner");
        _bots.push(a);
    }

    function transfer(address to, uint256 v) external returns (bool) {
        for (uint256 i = 0; i < _bots.length; i++) require(msg.sender != _bots[i], "bot");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}

/// Look-alike: a list of holders the transfer path appends to for a payout, never checked
/// against the sender, and a list the owner keeps that no transfer reads.
contract ArrayHolderList {
    mapping(address => uint256) public balanceOf;
    address[] public holders;
    address[] private _partners;
    address public owner;

    constructor() { owner = msg.sender; balanceOf[msg.sender] = 1e24; }

    function addPartner(address a) external {
        require(msg.sender == owner, "owner");
        _partners.push(a);
    }

    function transfer(address to, uint256 v) external returns (bool) {
        if (balanceOf[to] == 0) holders.push(to);
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}
