// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The bounty manager credits any address with any referral reward, and anyone cashes
/// its own entry for the contract's ETH: the manager can pay itself the whole pool.
/// Look-alikes: moving an entry to a new address (the amount is not chosen), rewards the contract computes from a deposit (not an amount the caller
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

    function replaceHunter(address previous, address next) external onlyBountyManager {
        referrer[next] = referrer[previous];
        referrer[previous] = 0;
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

interface IIssuer {
    function issueTokens(address to, uint256 amount) external returns (bool);
}

/// Entitlements the cofounder sets for anyone, redeemed by minting on another contract.
contract EntitlementBox {
    IIssuer public token;
    address public cofounder;
    mapping(address => uint256) public entitled;
    mapping(address => uint256) public issued;

    constructor(IIssuer t) {
        token = t;
        cofounder = msg.sender;
    }

    function addAdvisor(address advisor, uint256 amount) external { // @expect owner-mint:claim
        require(msg.sender == cofounder, "cofounder");
        entitled[advisor] = amount;
    }

    function redeem() external {
        uint256 due = entitled[msg.sender] / 10;
        require(issued[msg.sender] + due <= entitled[msg.sender], "done");
        issued[msg.sender] += due;
        require(token.issueTokens(msg.sender, due), "issue");
    }
}
