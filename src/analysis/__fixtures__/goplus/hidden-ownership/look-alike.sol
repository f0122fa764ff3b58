// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: one public owner; renouncing ends every privilege.
contract OneVisibleOwner {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public fee = 2;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function renounceOwnership() external {
        require(msg.sender == owner, "owner");
        owner = address(0);
    }

    function setFee(uint256 f) external {
        require(msg.sender == owner, "owner");
        require(f <= 5, "max");
        fee = f;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * fee) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        return true;
    }
}
