// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Hidden ownership: a private second address keeps control of the fee after the owner
/// renounces.
contract SecondOwner {
    mapping(address => uint256) public balanceOf;
    address public owner;
    address private _dev;
    uint256 public fee = 2;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        _dev = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function renounceOwnership() external { // @expect fake-renounce
        require(msg.sender == owner, "owner");
        owner = address(0);
    }

    function setFee(uint256 f) external { // @expect hidden-owner
        require(msg.sender == _dev, "dev");
        fee = f;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * fee) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        return true;
    }
}
