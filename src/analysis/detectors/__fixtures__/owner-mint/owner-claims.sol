// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The bounty manager credits any address with any referral reward, and anyone cashes
/// its own entry for the contract's ETH: the manager can pay itself the whole pool.
/// Look-alikes: rewards the contract computes from a deposit (not an amount the caller
/// chooses), and an owner-set per-address limit nothing pays out.
contract OwnerClaims {
    mapping(address => uint256) public referrer;
    mapping(address => uint256) public deposits;
    mapping(address => uint256) public limit;
    address public bountyManager;

    modifier onlyBountyManager() {
        require(msg.sender == bountyManager, "manager");
        _;
    }

    constructor() {
        bountyManager = msg.sender;
    }

    function deposit(address ref) external payable {
        deposits[msg.sender] += msg.value;
        referrer[ref] += msg.value / 20;
    }

    function updateReferral(address hunter, uint256 amount) external onlyBountyManager { // @expect owner-mint:claim
        referrer[hunter] += amount;
    }

    function setLimit(address who, uint256 amount) external onlyBountyManager {
        limit[who] = amount;
    }

    function bounty() external {
        uint256 owed = referrer[msg.sender];
        referrer[msg.sender] = 0;
        payable(msg.sender).transfer(owed);
    }
}
