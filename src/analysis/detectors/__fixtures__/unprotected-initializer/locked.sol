// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

abstract contract Initializable {
    uint8 private _initialized;

    modifier initializer() {
        require(_initialized == 0, "already initialized");
        _initialized = 1;
        _;
    }

    function _disableInitializers() internal {
        _initialized = type(uint8).max;
    }
}

// The constructor locks initializers on the implementation.
contract Disabled is Initializable {
    address payable public owner;

    constructor() {
        _disableInitializers();
    }

    function initialize() external initializer {
        owner = payable(msg.sender);
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}

// The constructor runs as an initializer itself.
contract InitializedAtDeployment is Initializable {
    address payable public owner;

    constructor() initializer {}

    function initialize() external initializer {
        owner = payable(msg.sender);
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}

// The constructor sets what the initializer sets, and the initializer checks it.
contract OwnedAtDeployment is Initializable {
    address payable public owner;

    constructor() {
        owner = payable(msg.sender);
    }

    function initialize() external initializer {
        require(owner == address(0), "set");
        owner = payable(msg.sender);
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}

// Only callable through a proxy.
contract ProxyOnly is Initializable {
    address private immutable self = address(this);
    address payable public owner;

    modifier onlyDelegated() {
        require(address(this) != self, "must be called through a proxy");
        _;
    }

    function initialize() external initializer onlyDelegated {
        owner = payable(msg.sender);
    }

    function kill() external {
        require(msg.sender == owner, "owner");
        selfdestruct(owner);
    }
}

// Nothing to destroy it with: a multicall delegatecalls only its own code.
contract Batched is Initializable {
    address public owner;

    function initialize() external initializer {
        owner = msg.sender;
    }

    function multicall(bytes[] calldata calls) external {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = address(this).delegatecall(calls[i]);
            require(ok, "call failed");
        }
    }
}
