// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Personal slippage modification: the owner sets a tax for one address.
contract TaxPerHolder {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _taxOf;
    address public owner;
    address public wallet;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setTaxOf(address holder, uint256 rate) external { // @expect personal-fee
        require(msg.sender == owner, "owner");
        _taxOf[holder] = rate;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * _taxOf[msg.sender]) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
