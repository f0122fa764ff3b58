// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Balances kept as a member of a per-holder struct, moved through a storage pointer. The
/// owner crediting that member is a mint; the owner writing another member (a reward
/// counter, a timestamp) is not.
contract StructLedgerToken {
    struct Account {
        uint256 balance;
        uint256 rewardDebt;
        uint64 lastMove;
    }

    mapping(address => Account) private accounts;
    uint256 public totalSupply;
    address public owner;

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor() {
        owner = msg.sender;
        totalSupply = 1e24;
        accounts[msg.sender].balance = totalSupply;
    }

    function balanceOf(address a) public view returns (uint256) {
        return accounts[a].balance;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        Account storage from = accounts[msg.sender];
        require(from.balance >= value, "balance");
        from.balance -= value;
        from.lastMove = uint64(block.timestamp);
        accounts[to].balance += value;
        return true;
    }

    function issue(address to, uint256 value) external onlyOwner { // @expect owner-mint
        Account storage account = accounts[to];
        account.balance += value;
        totalSupply += value;
    }

    function creditReward(address to, uint256 value) external onlyOwner {
        accounts[to].rewardDebt += value;
    }

    function touch(address who) external onlyOwner {
        accounts[who].lastMove = uint64(block.timestamp);
    }
}
