// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract Vesting {
    uint256 public immutable start = block.timestamp;
    uint256 public released;
    uint256 public lastBlock;

    function release() external {
        require(block.timestamp >= start + 365 days, "locked"); // @expect timestamp-dependence
        released += 1;
    }

    function windowed() external {
        uint256 t = block.timestamp;
        if (t % 15 == 0) { // @expect timestamp-dependence
            released += 2;
        }
    }

    // Stores the time, decides nothing on it.
    function touch() external {
        lastBlock = block.number;
    }
}
