// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The owner moves a chosen holder's tokens into a frozen amount no transfer can spend.
/// Look-alikes: a holder staking its own tokens and unstaking them, and the owner
/// releasing frozen tokens (it gives back, it does not take).
contract FrozenBalance {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public freezeOf;
    mapping(address => uint256) public staked;
    uint256 public totalSupply = 1e24;
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }

    function freeze(address holder, uint256 value) external onlyOwner returns (bool) { // @expect blacklist:freeze
        balanceOf[holder] -= value;
        freezeOf[holder] += value;
        return true;
    }

    function unfreeze(address holder, uint256 value) external onlyOwner returns (bool) {
        freezeOf[holder] -= value;
        balanceOf[holder] += value;
        return true;
    }

    function stake(uint256 value) external {
        balanceOf[msg.sender] -= value;
        staked[msg.sender] += value;
    }

    function unstake(uint256 value) external {
        staked[msg.sender] -= value;
        balanceOf[msg.sender] += value;
    }
}
