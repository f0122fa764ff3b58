// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

/// Launch locks that keep holders in while insiders move tokens: the transfer path reverts
/// until a switch that only the owner can flip is flipped, and the owner (or agents it
/// lists) are let through meanwhile.
contract ReleasableLedger {
    mapping(address => uint256) public balances;
    mapping(address => bool) public transferAgents;
    address public owner;
    bool public released = false;
    uint256 public totalSupply = 1e24;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    modifier canTransfer(address sender) {
        if (!released) {
            if (!transferAgents[sender]) throw; // @expect sell-restriction:closed
        }
        _;
    }

    function ReleasableLedger() public {
        owner = msg.sender;
        balances[msg.sender] = totalSupply;
    }

    function setTransferAgent(address agent, bool on) public onlyOwner {
        transferAgents[agent] = on;
    }

    function releaseTokenTransfer() public onlyOwner {
        released = true;
    }

    function transfer(address to, uint256 value) public canTransfer(msg.sender) returns (bool) {
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }
}

contract OwnerFirstLock {
    mapping(address => uint256) public balances;
    address public owner;
    bool public locked = true;

    constructor() public {
        owner = msg.sender;
        balances[msg.sender] = 1e24;
    }

    function transfer(address to, uint256 value) public returns (bool) {
        require(owner == msg.sender || locked == false); // @expect sell-restriction:closed
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }

    function unlock() public {
        require(msg.sender == owner);
        locked = false;
    }
}
