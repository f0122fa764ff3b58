// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: plain ownership: only the owner hands it over or renounces it for good.
contract PlainOwnable {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public fee = 2;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setFee(uint256 f) external {
        require(msg.sender == owner, "owner");
        fee = f;
    }

    function transferOwnership(address next) external {
        require(msg.sender == owner, "owner");
        require(next != address(0), "zero");
        owner = next;
    }

    function renounceOwnership() external {
        require(msg.sender == owner, "owner");
        owner = address(0);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
