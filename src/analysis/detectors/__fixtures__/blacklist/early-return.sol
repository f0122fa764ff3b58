// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// Old-style tokens that fail a transfer by returning false instead of reverting, with an
/// owner check written as a function whose whole body is one `if`.
contract EarlyReturn {
    mapping(address => uint256) balances;
    mapping(address => bool) public frozen;
    mapping(address => bool) public selfLocked;
    address owner;

    constructor() { owner = msg.sender; balances[msg.sender] = 1e24; }

    function balanceOf(address a) external view returns (uint256) { return balances[a]; }

    function freeze(address account) external { // @expect blacklist
        if (msg.sender == owner) {
            frozen[account] = true;
        }
    }

    // Anyone may lock their own account: no one else is stopped by it.
    function lockMyself() external {
        selfLocked[msg.sender] = true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        if (frozen[msg.sender]) return false;
        if (selfLocked[msg.sender]) return false;
        if (value == 0) return true;
        if (balances[msg.sender] >= value) {
            balances[msg.sender] -= value;
            balances[to] += value;
            return true;
        } else {
            return false;
        }
    }
}
