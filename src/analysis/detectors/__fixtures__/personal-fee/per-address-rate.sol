// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A fee rate kept per address, set by the owner for any address: unbounded (high), read
/// through a local; and a bounded one (medium). Look-alikes: a per-address exemption flag,
/// a fee-free list, and one global rate are not personal rates.
contract PersonalRates {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _customFee;
    mapping(address => uint256) private _discount;
    mapping(address => bool) private _noFee;
    address public owner;
    address public wallet;
    uint256 public baseFee = 3;
    uint256 public totalSupply = 1e24;

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setCustomFee(address holder, uint256 rate) external onlyOwner { // @expect personal-fee
        _customFee[holder] = rate;
    }

    function setDiscount(address holder, uint256 rate) external onlyOwner { // @expect personal-fee
        require(rate <= 10, "too high");
        _discount[holder] = rate;
    }

    function setNoFee(address holder, bool on) external onlyOwner {
        _noFee[holder] = on;
    }

    function setBaseFee(uint256 f) external onlyOwner {
        require(f <= 10, "too high");
        baseFee = f;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 rate = _customFee[msg.sender];
        uint256 fee = _noFee[msg.sender] ? 0 : (value * (baseFee + rate)) / 100;
        uint256 rebate = (value * _discount[msg.sender]) / 1000;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - fee + rebate;
        balanceOf[wallet] += fee - rebate;
        return true;
    }
}
