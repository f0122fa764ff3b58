// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// A token whose privileged credit is written in inline assembly: the caller check is an
// `if iszero(eq(caller(), sload(owner.slot))) { revert }` guard, the balance slot is the
// compiler's mapping layout (keccak256 of the key and the mapping's slot).
contract AsmMintToken {
    mapping(address => uint256) private _balances;
    uint256 private _supply;
    address private _keeper;

    constructor() {
        _keeper = msg.sender;
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

    // Named like maintenance; credits any holder with any amount behind the keeper check.
    function rebalance(address holder, uint256 amount) external { // @expect owner-mint
        assembly {
            if iszero(eq(caller(), sload(_keeper.slot))) {
                revert(0, 0)
            }
            mstore(0x00, holder)
            mstore(0x20, _balances.slot)
            let slot := keccak256(0x00, 0x40)
            sstore(slot, add(sload(slot), amount))
            sstore(_supply.slot, add(sload(_supply.slot), amount))
        }
    }
}

// Look-alike: the same assembly without any caller check moves the caller's own tokens
// (a gas-golfed transfer): a debit of the caller for every credit, nobody privileged.
contract AsmTransferToken {
    mapping(address => uint256) private _balances;
    uint256 private _supply;

    constructor() {
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
        assembly {
            mstore(0x00, caller())
            mstore(0x20, _balances.slot)
            let fromSlot := keccak256(0x00, 0x40)
            let fromBalance := sload(fromSlot)
            if lt(fromBalance, amount) {
                revert(0, 0)
            }
            sstore(fromSlot, sub(fromBalance, amount))
            mstore(0x00, to)
            let toSlot := keccak256(0x00, 0x40)
            sstore(toSlot, add(sload(toSlot), amount))
        }
        return true;
    }
}
