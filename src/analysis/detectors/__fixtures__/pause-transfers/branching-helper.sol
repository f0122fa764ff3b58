// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// The transfer path asks a bool helper whose answer depends on several branches; the
/// switch only shows up on the second one. A second helper only reads a constant.
contract BranchingHelper {
    mapping(address => uint256) balances;
    mapping(address => bool) exempt;
    bool halted;
    bool constant LIVE = true;
    address admin;

    constructor() { admin = msg.sender; balances[msg.sender] = 1e24; exempt[msg.sender] = true; }

    function balanceOf(address a) external view returns (uint256) { return balances[a]; }

    function halt(bool on) external { // @expect pause-transfers
        assert(msg.sender == admin);
        halted = on;
    }

    function canTransfer(address from) internal view returns (bool) {
        if (exempt[from]) return true;
        if (halted) return false;
        return true;
    }

    function isLive() internal pure returns (bool) {
        if (!LIVE) return false;
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(canTransfer(msg.sender), "halted");
        require(isLive(), "not live");
        balances[msg.sender] -= value;
        balances[to] += value;
        return true;
    }
}
