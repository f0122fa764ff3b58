// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// `transfer` demands three words of arguments but takes two: every standard call to it
/// reverts, so holders can never move (or sell) the token with it.
/// Look-alike: `transferFrom` asks for exactly the three words it takes.
contract PayloadTrap {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply = 1e24;

    modifier onlyPayloadSize(uint256 size) {
        require(msg.data.length >= size + 4, "payload"); // @expect sell-restriction:payload
        _;
    }

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external onlyPayloadSize(3 * 32) returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external onlyPayloadSize(3 * 32) returns (bool) {
        allowance[from][msg.sender] -= value;
        balanceOf[from] -= value;
        balanceOf[to] += value;
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        return true;
    }
}
