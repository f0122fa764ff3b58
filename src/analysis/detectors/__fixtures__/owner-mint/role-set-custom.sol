// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// A hand-written role registry: a library set keyed by bytes32 inside a mapping of
// structs, members stored through casts (bytes32(uint256(uint160(a)))).
library MemberSet {
    struct Set {
        bytes32[] items;
        mapping(bytes32 => uint256) position;
    }

    function add(Set storage set, bytes32 value) internal {
        if (set.position[value] == 0) {
            set.items.push(value);
            set.position[value] = set.items.length;
        }
    }

    function has(Set storage set, bytes32 value) internal view returns (bool) {
        return set.position[value] != 0;
    }
}

contract CustomRoleToken {
    using MemberSet for MemberSet.Set;

    struct Team {
        MemberSet.Set members;
        bytes32 adminTeam;
    }

    bytes32 private constant TREASURY = keccak256("TREASURY");
    mapping(bytes32 => Team) private _teams;
    mapping(address => uint256) private _balances;
    uint256 private _supply;

    constructor() {
        _teams[TREASURY].members.add(bytes32(uint256(uint160(msg.sender))));
    }

    function onTeam(bytes32 team, address account) public view returns (bool) {
        return _teams[team].members.has(bytes32(uint256(uint160(account))));
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

    function replenish(address to, uint256 amount) external { // @expect owner-mint
        require(onTeam(TREASURY, address(uint160(uint256(uint160(msg.sender))))), "team");
        _balances[to] += amount;
        _supply += amount;
    }

    // Look-alike: membership of the recipient decides nothing about who may call, and
    // the caller's own balance pays.
    function tip(address to, uint256 amount) external {
        require(onTeam(TREASURY, to), "team");
        _balances[msg.sender] -= amount;
        _balances[to] += amount;
    }
}
