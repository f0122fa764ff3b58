// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A cut-down OpenZeppelin Initializable, as forks of it ship it.
abstract contract Initializable {
    bool private _initialized;

    modifier initializer() {
        require(!_initialized, "already initialized");
        _initialized = true;
        _;
    }
}

contract UpgradeableToken is Initializable {
    address public owner;
    address private previousOwner;
    mapping(address => uint256) public balanceOf;

    // Runs once, when the proxy is set up: it does not set the owner again later.
    function initialize(address firstOwner) external initializer {
        owner = firstOwner;
    }

    function transferOwnership(address next) external {
        require(msg.sender == owner, "owner");
        previousOwner = owner;
        owner = next;
    }

    function renounceOwnership() external {
        require(msg.sender == owner, "owner");
        delete owner;
    }

    // Answers to an address renouncing leaves set: the owner comes back.
    function restoreOwner() external { // @expect reclaimable-ownership
        require(msg.sender == previousOwner, "previous owner");
        owner = previousOwner;
    }
}
