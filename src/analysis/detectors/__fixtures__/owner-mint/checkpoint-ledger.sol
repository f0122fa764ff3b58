// SPDX-License-Identifier: MIT
pragma solidity 0.8.20;

/// A MiniMe-style token: balances are histories of checkpoints written through a helper.
/// The controller can generate tokens; holders can only move theirs.
contract CheckpointLedger {
    struct Checkpoint { uint128 fromBlock; uint128 value; }

    mapping(address => Checkpoint[]) balances;
    Checkpoint[] totalSupplyHistory;
    address public controller;

    constructor() { controller = msg.sender; }

    modifier onlyController() { require(msg.sender == controller); _; }

    function balanceOfAt(address owner, uint256) public view returns (uint256) {
        Checkpoint[] storage c = balances[owner];
        return c.length == 0 ? 0 : c[c.length - 1].value;
    }

    function totalSupplyAt(uint256) public view returns (uint256) {
        return totalSupplyHistory.length == 0 ? 0 : totalSupplyHistory[totalSupplyHistory.length - 1].value;
    }

    function balanceOf(address owner) external view returns (uint256) { return balanceOfAt(owner, block.number); }
    function totalSupply() external view returns (uint256) { return totalSupplyAt(block.number); }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 previousFrom = balanceOfAt(msg.sender, block.number);
        require(previousFrom >= amount);
        updateValueAtNow(balances[msg.sender], previousFrom - amount);
        uint256 previousTo = balanceOfAt(to, block.number);
        updateValueAtNow(balances[to], previousTo + amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 previousFrom = balanceOfAt(from, block.number);
        updateValueAtNow(balances[from], previousFrom - amount);
        uint256 previousTo = balanceOfAt(to, block.number);
        updateValueAtNow(balances[to], previousTo + amount);
        return true;
    }

    function generateTokens(address owner, uint256 amount) external onlyController returns (bool) { // @expect owner-mint
        uint256 curTotalSupply = totalSupplyAt(block.number);
        updateValueAtNow(totalSupplyHistory, curTotalSupply + amount);
        uint256 previousTo = balanceOfAt(owner, block.number);
        updateValueAtNow(balances[owner], previousTo + amount);
        return true;
    }

    function updateValueAtNow(Checkpoint[] storage checkpoints, uint256 value) internal {
        if (checkpoints.length == 0 || checkpoints[checkpoints.length - 1].fromBlock < block.number) {
            checkpoints.push(Checkpoint({fromBlock: uint128(block.number), value: uint128(value)}));
        } else {
            Checkpoint storage oldCheckPoint = checkpoints[checkpoints.length - 1];
            oldCheckPoint.value = uint128(value);
        }
    }
}
