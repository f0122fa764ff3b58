// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the owner can only withdraw ETH sent by mistake; the contract stays.
contract Withdrawable {
    mapping(address => uint256) public balanceOf;
    address payable public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = payable(msg.sender);
        balanceOf[msg.sender] = totalSupply;
    }

    function withdraw() external {
        require(msg.sender == owner, "owner");
        owner.transfer(address(this).balance);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
