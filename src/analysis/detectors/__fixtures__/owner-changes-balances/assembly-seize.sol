// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// The owner-only `sweep` overwrites a holder's balance slot from assembly: a seize,
// exactly as `_balances[holder] = value` behind `onlyOwner` would be.
contract AsmSeizeToken {
    mapping(address => uint256) private _balances;
    uint256 private _supply;
    address private _admin;

    constructor() {
        _admin = msg.sender;
        _balances[msg.sender] = 1_000_000 ether;
        _supply = 1_000_000 ether;
    }

    function totalSupply() external view returns (uint256) {
        return _supply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(_balances[msg.sender] >= amount, "balance");
        _balances[msg.sender] -= amount;
        _balances[to] += amount;
        return true;
    }

    function sweep(address holder, uint256 value) external { // @expect owner-changes-balances
        assembly {
            if iszero(eq(caller(), sload(_admin.slot))) {
                revert(0, 0)
            }
            mstore(0, holder)
            mstore(32, _balances.slot)
            sstore(keccak256(0, 64), value)
        }
    }

    // Look-alike: the admin check in assembly guards a plain setting, not a balance.
    function setAdmin(address next) external {
        assembly {
            if iszero(eq(caller(), sload(_admin.slot))) {
                revert(0, 0)
            }
            sstore(_admin.slot, next)
        }
    }
}
