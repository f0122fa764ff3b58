// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title UpgradeableBeacon: holds the implementation that BeaconProxy instances use.
contract UpgradeableBeacon {
    address public implementation;

    constructor(address implementation_) {
        implementation = implementation_;
    }
}

/// @title BeaconProxy: an EIP-1967 beacon proxy (the beacon slot names the beacon).
contract BeaconProxy {
    // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
    bytes32 private constant BEACON_SLOT = 0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50;

    constructor(address beacon) {
        assembly {
            sstore(BEACON_SLOT, beacon)
        }
    }

    fallback() external payable {
        address implementation;
        assembly {
            implementation := sload(BEACON_SLOT)
        }
        implementation = UpgradeableBeacon(implementation).implementation();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

/// @title UupsProxy: an EIP-1822 proxy (implementation at keccak256("PROXIABLE")).
contract UupsProxy {
    bytes32 private constant PROXIABLE_SLOT = 0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7;

    constructor(address implementation) {
        assembly {
            sstore(PROXIABLE_SLOT, implementation)
        }
    }

    fallback() external payable {
        assembly {
            let implementation := sload(PROXIABLE_SLOT)
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

/// @title SelfDestructing: destroys itself in its constructor, leaving an address with a
/// creation transaction but no code (what a self-destructed contract looks like).
contract SelfDestructing {
    constructor() payable {
        selfdestruct(payable(msg.sender));
    }
}
