// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Caps on one transfer and on a wallet's balance: a fixed share of the supply, and a
/// wallet limit the owner may change. Look-alikes on the same path: the sender's balance
/// check, the allowance check and a minimum amount are not caps.
contract CappedTransfers {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public constant MAX_TX = 1e22;
    uint256 public maxWallet = 2e22;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function setMaxWallet(uint256 m) external {
        require(msg.sender == owner, "owner");
        maxWallet = m;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value, "allowance");
        allowance[from][msg.sender] -= value;
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value, "balance");
        require(value > 100, "dust");
        require(value <= MAX_TX, "max tx"); // @expect anti-whale:amount
        if (to != owner) {
            require(balanceOf[to] + value <= maxWallet, "max wallet"); // @expect anti-whale:wallet
        }
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }
}
