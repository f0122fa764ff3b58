// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Look-alike: the fee is the same for everyone; the owner keeps a list of partners the
/// transfer path never reads.
contract SameFeeForAll {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public partner;
    address public owner;
    address public wallet;
    uint256 public constant FEE = 2;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setPartner(address who, bool on) external {
        require(msg.sender == owner, "owner");
        partner[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 cut = (value * FEE) / 100;
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - cut;
        balanceOf[wallet] += cut;
        return true;
    }
}
