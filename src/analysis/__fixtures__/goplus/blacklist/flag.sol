// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Blacklist: the owner flags an address and its transfers revert.
contract Blocklist {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public blocked;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function block_(address who) external { // @expect blacklist
        require(msg.sender == owner, "owner");
        blocked[who] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(!blocked[msg.sender], "blocked");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
