// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Mintable: the owner can create tokens for anyone, at any time.
contract OwnerMints {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external { // @expect owner-mint
        require(msg.sender == owner, "owner");
        balanceOf[to] += amount;
        totalSupply += amount;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
