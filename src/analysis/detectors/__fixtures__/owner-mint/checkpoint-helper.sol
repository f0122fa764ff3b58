// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Balances kept as a history of checkpoints per holder, written only through a helper
/// that takes the holder's storage array. The owner's `grant` pushes a larger balance
/// for anyone: a mint. Look-alikes: transfers (one history down, one up) and a snapshot
/// the owner takes of its own history (no amount it chooses).
contract CheckpointHistory {
    struct Checkpoint {
        uint32 fromBlock;
        uint224 votes;
    }

    mapping(address => Checkpoint[]) private _history;
    address public owner;

    constructor() {
        owner = msg.sender;
        _push(_history[msg.sender], 1e24);
    }

    function balanceOf(address holder) public view returns (uint256) {
        return _latest(_history[holder]);
    }

    function grant(address to, uint224 amount) external { // @expect owner-mint
        require(msg.sender == owner, "owner");
        _push(_history[to], _latest(_history[to]) + amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _push(_history[msg.sender], _latest(_history[msg.sender]) - uint224(amount));
        _push(_history[to], _latest(_history[to]) + uint224(amount));
        return true;
    }

    function snapshotSelf() external {
        require(msg.sender == owner, "owner");
        _push(_history[msg.sender], _latest(_history[msg.sender]));
    }

    function _latest(Checkpoint[] storage h) internal view returns (uint224) {
        return h.length == 0 ? 0 : h[h.length - 1].votes;
    }

    function _push(Checkpoint[] storage h, uint224 value) internal {
        if (h.length > 0 && h[h.length - 1].fromBlock == block.number) {
            h[h.length - 1].votes = value;
        } else {
            h.push(Checkpoint({fromBlock: uint32(block.number), votes: value}));
        }
    }
}
