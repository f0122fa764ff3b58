// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Anti-whale modification: the owner changes the transaction cap.
contract SettableCap {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public maxTx = 1e22;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setMaxTx(uint256 m) external { // @expect max-tx-amount
        require(msg.sender == owner, "owner");
        maxTx = m;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(value <= maxTx, "max tx");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
