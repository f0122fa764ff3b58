// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A mint that can run once for a fixed amount is bounded (medium); the same mint with a
/// switch the owner can reopen is open (high).
contract OneShotMint {
    mapping(address => uint256) public balanceOf;
    address public owner;
    bool public minted;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
    }

    function mintTeam(address to) external { // @expect owner-mint:once
        require(msg.sender == owner, "owner");
        require(!minted, "done");
        minted = true;
        balanceOf[to] += 1e24;
        totalSupply += 1e24;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract ReopenableMint {
    mapping(address => uint256) public balanceOf;
    address public owner;
    bool public minted;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
    }

    function mintTeam(address to) external { // @expect owner-mint:mint
        require(msg.sender == owner, "owner");
        require(!minted, "done");
        minted = true;
        balanceOf[to] += 1e24;
        totalSupply += 1e24;
    }

    function reopen() external {
        require(msg.sender == owner, "owner");
        minted = false;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

/// A reward token whose owner is the farm that deploys it: the farm's code mints.
contract RewardToken {
    mapping(address => uint256) public balanceOf;
    address public owner;
    uint256 public totalSupply;

    constructor() {
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external { // @expect owner-mint:mint
        require(msg.sender == owner, "owner");
        balanceOf[to] += amount;
        totalSupply += amount;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}

contract Farm {
    RewardToken public reward;
    mapping(address => uint256) public staked;

    constructor() {
        reward = new RewardToken();
    }

    function stake() external payable {
        staked[msg.sender] += msg.value;
    }

    function harvest() external {
        reward.mint(msg.sender, staked[msg.sender] / 100);
    }
}

contract Emissions {
    address public token;

    constructor() {
        token = msg.sender;
    }
}

/// The minter is a contract the token deploys itself: the message names it.
contract SelfDeployedMinter {
    mapping(address => uint256) public balanceOf;
    address public minter;
    uint256 public totalSupply;

    constructor() {
        minter = address(new Emissions());
    }

    function mint(address to, uint256 amount) external { // @expect owner-mint:mint
        require(msg.sender == minter, "minter");
        balanceOf[to] += amount;
        totalSupply += amount;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
