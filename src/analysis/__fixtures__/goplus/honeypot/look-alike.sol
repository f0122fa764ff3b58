// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: sells are told apart from buys only by a fixed 3% tax paid to a wallet.
contract FixedSellTax {
    mapping(address => uint256) public balanceOf;
    address public pair;
    address public wallet;
    uint256 public constant SELL_TAX = 3;
    uint256 public totalSupply = 1e24;

    constructor(address pair_, address wallet_) {
        pair = pair_;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 fee = 0;
        if (to == pair) fee = (value * SELL_TAX) / 100;
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - fee;
        balanceOf[wallet] += fee;
        return true;
    }
}
