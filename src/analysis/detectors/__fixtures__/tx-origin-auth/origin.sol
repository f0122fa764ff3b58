// SPDX-License-Identifier: MIT
pragma solidity 0.8.19;

contract OriginAuth {
    address public owner = msg.sender;
    uint256 public value;

    function setValue(uint256 v) external {
        require(tx.origin == owner, "only owner"); // @expect tx-origin-auth
        value = v;
    }

    // An externally-owned-account check, not authorisation.
    function onlyHumans() external {
        require(tx.origin == msg.sender, "no contracts");
        value += 1;
    }

    function setValueSafe(uint256 v) external {
        require(msg.sender == owner, "only owner");
        value = v;
    }
}
