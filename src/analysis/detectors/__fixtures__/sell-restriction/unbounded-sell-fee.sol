// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// The sell tax is chosen by the owner with no ceiling; the buy tax is fixed.
contract UnboundedSellFee {
    mapping(address => uint256) public balanceOf;
    address public pair;
    address public owner;
    address public treasury;
    uint256 public sellTax = 5;
    uint256 public currentTax;
    uint256 public totalSupply = 1e24;

    constructor(address pair_) { owner = msg.sender; pair = pair_; treasury = msg.sender; balanceOf[msg.sender] = totalSupply; }

    function setSellTax(uint256 tax) external {
        require(msg.sender == owner, "owner");
        sellTax = tax;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        currentTax = 0;
        if (to == pair) {
            currentTax = sellTax; // @expect sell-restriction:fee
        }
        uint256 fee = amount * currentTax / 100;
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount - fee;
        balanceOf[treasury] += fee;
        return true;
    }
}
