// SPDX-License-Identifier: MIT
pragma solidity ^0.8.19;

// Writes through a storage-pointer local are writes to the mapping it points into.
contract PointerVault {
    struct Account {
        uint256 balance;
        uint64 since;
    }

    mapping(address => Account) private accounts;

    function deposit() external payable {
        Account storage acc = accounts[msg.sender];
        acc.balance += msg.value;
        acc.since = uint64(block.timestamp);
    }

    function withdraw() external {
        Account storage acc = accounts[msg.sender];
        uint256 amount = acc.balance;
        (bool ok, ) = msg.sender.call{value: amount}(""); // @expect reentrancy:reentrancy
        require(ok, "send");
        acc.balance = 0;
    }

    // Look-alike: a memory copy is written after the call; the state was cleared before it.
    function withdrawCopy() external {
        Account memory snapshot = accounts[msg.sender];
        accounts[msg.sender].balance = 0;
        (bool ok, ) = msg.sender.call{value: snapshot.balance}("");
        require(ok, "send");
        snapshot.balance = 0;
    }
}
