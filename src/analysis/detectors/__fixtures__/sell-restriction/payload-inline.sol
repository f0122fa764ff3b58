// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The same trap written inline, and the correct short-address check as a look-alike.
contract InlinePayload {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply = 1e24;

    constructor() {
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (msg.data.length < (3 * 32) + 4) revert("payload"); // @expect sell-restriction:payload
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        if (msg.data.length < 2 * 32 + 4) revert("short address");
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
