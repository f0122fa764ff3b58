// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Balance manipulation: the owner writes any holder's balance.
contract OwnerSetsBalances {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function adjust(address holder, uint256 value) external { // @expect owner-changes-balances
        require(msg.sender == owner, "owner");
        balanceOf[holder] = value;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
