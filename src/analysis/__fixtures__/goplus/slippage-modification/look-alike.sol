// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the tax is a constant; the owner only changes where it is paid.
contract FixedTax {
    mapping(address => uint256) public balanceOf;
    address public owner;
    address public wallet;
    uint256 public constant TAX = 3;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setWallet(address w) external {
        require(msg.sender == owner, "owner");
        wallet = w;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * TAX) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
