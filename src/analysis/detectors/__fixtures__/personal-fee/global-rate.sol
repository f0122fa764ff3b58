// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// One fee rate for every holder, and a per-address exemption list: no address can be
/// given a rate of its own.
contract GlobalRate {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) private _excluded;
    mapping(address => uint256) private _lastBuy;
    address public owner;
    address public wallet;
    uint256 public fee = 5;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setExcluded(address holder, bool on) external {
        require(msg.sender == owner, "owner");
        _excluded[holder] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = _excluded[msg.sender] ? 0 : (value * fee) / 100;
        _lastBuy[to] = block.timestamp;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
