// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A cut-down OpenZeppelin Initializable, as forks of it ship it.
abstract contract Initializable {
    uint8 private _initialized;
    bool private _initializing;

    modifier initializer() {
        require(_initialized == 0, "already initialized");
        _initialized = 1;
        _;
    }

    modifier reinitializer(uint8 version) {
        require(_initialized < version, "already initialized");
        _initialized = version;
        _;
    }

    function _disableInitializers() internal {
        _initialized = type(uint8).max;
    }
}

// Set up by initialize() behind a proxy; on the implementation itself nobody did.
contract WalletLibrary is Initializable {
    address payable public owner;

    function initialize(address payable firstOwner) external initializer { // @expect unprotected-initializer
        owner = firstOwner;
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}

// The same with a versioned initializer and an upgrade that delegatecalls new code.
contract VaultV2 is Initializable {
    address public admin;
    address public implementation;

    function initializeV2() external reinitializer(2) { // @expect unprotected-initializer
        admin = msg.sender;
    }

    function upgradeToAndCall(address next, bytes calldata data) external {
        require(msg.sender == admin, "admin");
        implementation = next;
        (bool ok, ) = next.delegatecall(data);
        require(ok, "init failed");
    }
}
