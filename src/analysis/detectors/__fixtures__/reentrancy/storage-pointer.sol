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

    // The write happens in a helper that takes the entry as a storage parameter.
    function withdrawViaHelper() external {
        uint256 amount = accounts[msg.sender].balance;
        (bool ok, ) = msg.sender.call{value: amount}(""); // @expect reentrancy:reentrancy
        require(ok, "send");
        _settle(accounts[msg.sender]);
    }

    // Look-alike: the helper settles the entry before the call.
    function withdrawSettledFirst() external {
        uint256 amount = accounts[msg.sender].balance;
        _settle(accounts[msg.sender]);
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "send");
    }

    function _settle(Account storage acc) internal {
        acc.balance = 0;
        acc.since = uint64(block.timestamp);
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
