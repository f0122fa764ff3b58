// SPDX-License-Identifier: MIT
pragma solidity ^0.4.24;

// A bonding curve in the style of 2018's dividend tokens: buying mints at a rising price.
contract CurveToken {
    mapping(address => uint256) internal tokenBalanceLedger_;
    uint256 internal tokenSupply_;
    uint256 constant internal priceIncrement_ = 0.0000001 ether;
    address public owner = msg.sender;

    function totalSupply() public view returns (uint256) {
        return tokenSupply_;
    }

    function balanceOf(address who) public view returns (uint256) {
        return tokenBalanceLedger_[who];
    }

    function transfer(address to, uint256 amount) public returns (bool) {
        require(amount <= tokenBalanceLedger_[msg.sender]);
        tokenBalanceLedger_[msg.sender] -= amount;
        tokenBalanceLedger_[to] += amount;
        return true;
    }

    function buy() public payable returns (uint256) { // @expect sale-mint:sale
        return purchaseTokens(msg.value);
    }

    function() public payable { // @expect sale-mint:sale
        purchaseTokens(msg.value);
    }

    function sell(uint256 amount) public {
        require(amount <= tokenBalanceLedger_[msg.sender]);
        tokenSupply_ -= amount;
        tokenBalanceLedger_[msg.sender] -= amount;
        msg.sender.transfer(amount * priceIncrement_ * tokenSupply_);
    }

    // The owner's free mint is owner-mint's finding (high), not a sale.
    function grant(address to, uint256 amount) public payable {
        require(msg.sender == owner);
        tokenSupply_ += amount;
        tokenBalanceLedger_[to] += amount;
    }

    function purchaseTokens(uint256 paid) internal returns (uint256 tokens) {
        tokens = paid / (priceIncrement_ * (tokenSupply_ + 1));
        require(tokens > 0);
        tokenSupply_ += tokens;
        tokenBalanceLedger_[msg.sender] += tokens;
    }
}

// A sale out of a pre-minted reserve: the supply is fixed, nothing is minted.
contract ReserveSale {
    mapping(address => uint256) public balances;
    uint256 public totalSupply = 1000000 ether;
    address public treasury;
    uint256 constant rate = 1000;

    constructor() public {
        treasury = msg.sender;
        balances[treasury] = totalSupply;
    }

    function transfer(address to, uint256 amount) public returns (bool) {
        require(amount <= balances[msg.sender]);
        balances[msg.sender] -= amount;
        balances[to] += amount;
        return true;
    }

    function buyTokens() public payable {
        uint256 amount = msg.value * rate;
        require(amount <= balances[treasury]);
        balances[treasury] -= amount;
        balances[msg.sender] += amount;
    }
}
