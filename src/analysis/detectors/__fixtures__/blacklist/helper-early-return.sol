// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// An early `return` inside a helper ends the helper, not the transfer: `_takeFee` skips
/// the fee for exempt senders and the caller then moves the balances. The owner's list
/// exempts from a fee; it blocks nobody. Must-flag beside it: the same early return in
/// the helper that does the whole transfer (nothing follows its call) blocks the sender.
contract FeeHelperReturnsEarly {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public feeExempt;
    address public owner;
    address public wallet;
    uint256 public totalSupply = 1e24;

    constructor(address wallet_) {
        owner = msg.sender;
        wallet = wallet_;
        balanceOf[msg.sender] = totalSupply;
    }

    function setFeeExempt(address who, bool on) external {
        require(msg.sender == owner, "owner");
        feeExempt[who] = on;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        uint256 fee = _takeFee(msg.sender, value);
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value - fee;
        return true;
    }

    function _takeFee(address from, uint256 value) internal returns (uint256) {
        if (feeExempt[from]) return 0;
        uint256 fee = value / 50;
        balanceOf[wallet] += fee;
        return fee;
    }
}

contract TransferHelperReturnsEarly {
    mapping(address => uint256) public balanceOf;
    mapping(address => bool) public held;
    address public owner;
    uint256 public totalSupply = 1e24;

    constructor() {
        owner = msg.sender;
        balanceOf[msg.sender] = totalSupply;
    }

    function hold(address who) external { // @expect blacklist:blacklist
        require(msg.sender == owner, "owner");
        held[who] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) internal {
        if (held[from]) return;
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }
}
