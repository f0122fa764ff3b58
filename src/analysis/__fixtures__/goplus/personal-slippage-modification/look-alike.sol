// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: a per-address amount that is counted, not a rate: what each holder has
/// paid in tax so far.
contract TaxPaidPerHolder {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) public taxPaid;
    address public owner;
    address public wallet;
    uint256 public constant TAX = 2;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function resetTaxPaid(address holder) external {
        require(msg.sender == owner, "owner");
        taxPaid[holder] = 0;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * TAX) / 100;
        taxPaid[msg.sender] += cut;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
