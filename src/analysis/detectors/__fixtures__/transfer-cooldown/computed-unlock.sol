// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// A buy records when the buyer may sell, computed from a delay the owner sets: the
/// per-holder block is bookkeeping, the delay is the cooldown (set it to years and nobody
/// who bought can sell).
contract ComputedUnlock {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _sellAfter;
    address public owner;
    address public pair;
    uint256 private _delay = 1;

    constructor(address pair_) { owner = msg.sender; pair = pair_; balanceOf[msg.sender] = 1e24; }

    function setDelay(uint256 d) external { // @expect transfer-cooldown
        require(msg.sender == owner, "owner");
        _delay = d;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        if (msg.sender == pair) _sellAfter[to] = block.number + _delay;
        if (to == pair && msg.sender != owner) require(block.number >= _sellAfter[msg.sender], "wait");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}

/// Look-alike: the same bookkeeping with a delay written into the code, and an owner
/// setter for a number the unlock is not computed from.
contract FixedUnlock {
    mapping(address => uint256) public balanceOf;
    mapping(address => uint256) private _sellAfter;
    address public owner;
    address public pair;
    uint256 public swapAt = 1e21;

    constructor(address pair_) { owner = msg.sender; pair = pair_; balanceOf[msg.sender] = 1e24; }

    function setSwapAt(uint256 s) external {
        require(msg.sender == owner, "owner");
        swapAt = s;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        if (msg.sender == pair) _sellAfter[to] = block.number + 2;
        if (to == pair && msg.sender != owner) require(block.number >= _sellAfter[msg.sender], "wait");
        balanceOf[msg.sender] -= v;
        balanceOf[to] += v;
        return true;
    }
}
