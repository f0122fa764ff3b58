// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract One {
    uint256 public constant VALUE = 1;
}
