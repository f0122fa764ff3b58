// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Bytes32Token: an early-style token whose name and symbol are bytes32 and which has
/// no decimals() (like MKR and SAI); readers must tolerate both.
contract Bytes32Token {
    bytes32 public name;
    bytes32 public symbol;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(bytes32 name_, bytes32 symbol_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}
