// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike of a reserve release: the contract's balance is refilled by the fee every
/// transfer pays, so the owner taking it out rescues holders' fees; it creates no supply.
contract FeeRescue {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply = 1e24;
    address public owner;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 fee = value / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[address(this)] += fee;
        balanceOf[to] += value - fee;
        return true;
    }

    function rescueFees(uint256 value) external {
        require(msg.sender == owner, "owner");
        balanceOf[address(this)] -= value;
        balanceOf[owner] += value;
    }
}
