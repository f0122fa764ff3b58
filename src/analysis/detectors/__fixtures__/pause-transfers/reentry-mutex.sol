// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

/// A reentrancy mutex is not a pause: privileged functions set it before their body and
/// clear it after, so it never stays set. A real pause beside it is still reported.
contract MutexToken {
    mapping(address => uint256) public balances;
    address public owner;
    uint256 public totalSupply;
    bool private locked;
    bool public halted;

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    modifier preventReentry() {
        require(!locked);
        locked = true;
        _;
        delete locked;
    }

    modifier noReentry() {
        require(!locked);
        _;
    }

    constructor() public {
        owner = msg.sender;
        totalSupply = 1e24;
        balances[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) public noReentry returns (bool) {
        require(!halted);
        require(balances[msg.sender] >= value);
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }

    function sweep(address to) public onlyOwner preventReentry {
        to.transfer(address(this).balance);
    }

    function halt(bool on) public onlyOwner { // @expect pause-transfers
        halted = on;
    }
}
