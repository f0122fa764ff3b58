// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the owner can pause only its own airdrop function, never transfers.
contract PausableAirdrop {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public claimed;
    address public owner;
    bool public claimsPaused;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[address(this)] = totalSupply;
    }

    function setClaimsPaused(bool p) external {
        require(msg.sender == owner, "owner");
        claimsPaused = p;
    }

    function claim() external {
        require(!claimsPaused, "paused");
        require(!claimed[msg.sender], "claimed");
        claimed[msg.sender] = true;
        balanceOf[address(this)] -= 1e18;
        balanceOf[msg.sender] += 1e18;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
